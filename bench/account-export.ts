/**
 * Figure 13 (issue 21): GET /api/users/me/export of an account holding 10,000 chats of 20 messages
 * and 1,000 cards, from a server run as `npm start` runs it (SQLite). The account is written into the
 * database and blob store directly before the server starts (the API would take far longer to fill
 * it, and it is the export being measured). The zip is read to the end and thrown away; the server's
 * RSS is sampled every 20 ms from /proc while it streams, against its RSS just before.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { readCard } from '@core/card/index';
import { freePort, spawnServer, stopChild, waitForHealth } from '../scripts/lib/server-process';
import { openDb } from '../server/db/index';
import { migrateToLatest } from '../server/db/migrate';
import { accessToken } from '../tests/api/tokens';
import { loadConfig } from '../server/config';
import { cardOfSize } from './lib/cards';
import { MB } from './lib/stats';
import type { Row } from './lib/table';

const CHATS = 10_000;
const MESSAGES_PER_CHAT = 20;
const CARDS = 1_000;
const CARD_BYTES = 64 * 1024;

interface Size {
  chats: number;
  cards: number;
}

async function seed(dataDir: string, issuer: string, { chats: CHATS, cards: CARDS }: Size): Promise<void> {
  const db = openDb({ dataDir });
  try {
    await migrateToLatest(db);
    const k = db.kysely;
    const now = new Date().toISOString();
    const userId = randomUUID();
    await k
      .insertInto('users')
      .values({
        id: userId,
        issuer,
        subject: 'bench-export',
        email: 'bench@example.com',
        name: 'Bench',
        picture: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    const png = cardOfSize(CARD_BYTES);
    const card = readCard(png).card;
    fs.mkdirSync(path.join(dataDir, 'blobs', 'cards'), { recursive: true });
    const cardIds: string[] = [];
    for (let start = 0; start < CARDS; start += 100) {
      const rows = Array.from({ length: Math.min(100, CARDS - start) }, (_, i) => {
        const id = randomUUID();
        cardIds.push(id);
        fs.writeFileSync(path.join(dataDir, 'blobs', 'cards', `${id}.png`), png);
        return {
          id,
          owner_id: userId,
          is_public: 0,
          filename: `card-${start + i}.png`,
          display_title: `Card ${start + i}`,
          blob_key: `cards/${id}.png`,
          thumb_keys: '{}',
          sha256: id,
          file_size: png.length,
          width: 400,
          height: 600,
          aspect_ratio: '2:3',
          card_json: JSON.stringify(card),
          card_name: `Character ${(start + i) % 50}`,
          spec_version: '3.0',
          created_at: now,
          updated_at: now,
        };
      });
      await k.insertInto('images').values(rows).execute();
    }
    const text = (i: number) => `Message ${i}: ${'some words of a conversation that goes on '.repeat(2 + (i % 5))}`;
    for (let start = 0; start < CHATS; start += 50) {
      await k.transaction().execute(async (trx) => {
        const chats = Array.from({ length: Math.min(50, CHATS - start) }, (_, i) => ({
          id: randomUUID(),
          user_id: userId,
          image_id: cardIds[(start + i) % CARDS]!,
          character_name: `Character ${(start + i) % 50}`,
          card_type: 'user' as const,
          card_json: null,
          portrait_key: null,
          message_count: MESSAGES_PER_CHAT,
          size: 0,
          last_message_at: now,
          created_at: now,
          updated_at: now,
        }));
        await trx.insertInto('chats').values(chats).execute();
        const messages = chats.flatMap((chat) =>
          Array.from({ length: MESSAGES_PER_CHAT }, (_, seq) => ({
            id: randomUUID(),
            chat_id: chat.id,
            seq,
            role: seq % 2 ? ('assistant' as const) : ('user' as const),
            content: text(seq),
            name: seq % 2 ? chat.character_name : 'Bench',
            send_date: now,
            client_id: null,
          })),
        );
        for (let m = 0; m < messages.length; m += 100)
          await trx
            .insertInto('messages')
            .values(messages.slice(m, m + 100))
            .execute();
      });
    }
  } finally {
    await db.close();
  }
}

const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

interface Measured {
  seconds: number;
  bytes: number;
  before: number;
  peak: number;
}

async function measureExport(size: Size, env: Record<string, string> = {}): Promise<Measured> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-bench-export-'));
  const port = await freePort();
  const publicUrl = `http://localhost:${port}`;
  try {
    await seed(dataDir, `${publicUrl}/oidc`, size);
    const { child, output } = spawnServer({
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_GALLERY: 'false',
      ...env,
    });
    try {
      await waitForHealth(publicUrl, child, { timeoutMs: 120_000, output });
      const config = loadConfig({ PUBLIC_URL: publicUrl, DATA_DIR: dataDir });
      const db = openDb({ dataDir });
      const token = await accessToken({ config, db, dataDir }, { sub: 'bench-export', email: 'bench@example.com', name: 'Bench' }).finally(
        () => db.close(),
      );
      const before = rssOf(child.pid!);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(child.pid!))), 20);
      const started = performance.now();
      const bytes = await new Promise<number>((resolve, reject) => {
        http
          .get(
            `http://127.0.0.1:${port}/api/users/me/export`,
            { headers: { authorization: `Bearer ${token}`, host: new URL(publicUrl).host } },
            (response) => {
              if (response.statusCode !== 200) reject(new Error(`the export answered ${response.statusCode}`));
              let total = 0;
              response.on('data', (chunk: Buffer) => (total += chunk.length));
              response.on('end', () => resolve(total));
              response.on('error', reject);
            },
          )
          .on('error', reject);
      });
      clearInterval(sampler);
      return { seconds: (performance.now() - started) / 1000, bytes, before, peak };
    } finally {
      await stopChild(child);
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The full account as a deployment runs it, and one a tenth its size beside it. Cards and messages
 * are streamed, never held; what peak RSS grows by is the per-file lists the zip needs for its
 * central directory and profile.json (a couple of kB a file in V8), plus garbage V8 lets pile up
 * before it collects. A capped heap is no test of this: the card bytes are Buffers, outside the heap.
 */
export async function accountExportFigures(): Promise<Row[]> {
  const full = await measureExport({ chats: CHATS, cards: CARDS });
  const tenth = await measureExport({ chats: CHATS / 10, cards: CARDS / 10 });
  const line = (m: Measured) =>
    `${m.seconds.toFixed(1)} s for ${(m.bytes / MB).toFixed(0)} MB; peak RSS ${(m.peak / MB).toFixed(0)} MB (${(m.before / MB).toFixed(0)} MB before)`;
  const what = (chats: number, cards: number) =>
    `${chats.toLocaleString('en')} chats × ${MESSAGES_PER_CHAT} messages, ${cards.toLocaleString('en')} cards of ${CARD_BYTES / 1024} KB`;
  return [
    { n: '13', figure: `Data export (${what(CHATS, CARDS)})`, value: line(full), goal: '—', anchor: '—', pass: undefined },
    {
      n: '13',
      figure: `Data export, a tenth of it (${what(CHATS / 10, CARDS / 10)})`,
      value: line(tenth),
      goal: '—',
      anchor: '—',
      pass: undefined,
    },
  ];
}
