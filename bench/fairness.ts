/**
 * Figures 17 and 18: one free account imports the largest archive the limits allow (3
 * chats × 9,000 messages of 2,000 letters) again and again until its 250 MB quota refuses one, as the
 * audit did (another user's gallery p95 went from 2.5 ms to 532 ms). Another user reads the gallery
 * all the while; its p50 and p95 are set against the same requests on the idle server first. Then the
 * disk (SQLite's file, its write-ahead log moved in first, and the blobs) against what the quota shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { sql } from 'kysely';
import { openDb } from '../server/db/index';
import { writeChatJsonl } from '@core/chat/index';
import { startServer, tokenFor, type BenchServer } from './lib/server';
import { ms, sleep } from './lib/stats';
import type { Row } from './lib/table';

const IDLE_REQUESTS = 400;

/** Import `run`'s chats start a day after the last's: the same file again would be the chats already there. */
function archive(run: number): Uint8Array {
  const text = 'a'.repeat(2_000);
  const start = Date.UTC(2025, 0, 1 + run);
  const entries: Record<string, Uint8Array> = {};
  for (let file = 0; file < 3; file += 1) {
    const messages = Array.from({ length: 9_000 }, (_, i) => ({
      role: i % 2 ? ('assistant' as const) : ('user' as const),
      name: i % 2 ? `Echo ${file}` : 'You',
      content: text,
      sendDate: new Date(start + i * 60_000).toISOString(),
    }));
    entries[`chat-${file}.jsonl`] = strToU8(
      writeChatJsonl({ userName: 'You', characterName: `Echo ${file}`, createdAt: new Date(start).toISOString(), messages }),
    );
  }
  return zipSync(entries);
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))] ?? Number.NaN;

async function galleryTime(server: BenchServer, token: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${server.baseURL}/api/upload/image?limit=20&offset=0`, { headers: { authorization: `Bearer ${token}` } });
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`the gallery answered ${response.status}`);
  return performance.now() - started;
}

/** DATA_DIR's files, SQLite's write-ahead log moved into the database first (it is every account's scratch space). */
async function settledDisk(server: BenchServer): Promise<number> {
  const db = openDb({ dataDir: server.dataDir });
  try {
    await sql`pragma wal_checkpoint(truncate)`.execute(db.kysely);
  } finally {
    await db.close();
  }
  return fs
    .readdirSync(server.dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

/** Imports until the quota refuses one; each import followed to its end as the PWA follows it. */
async function importUntilFull(server: BenchServer, token: string): Promise<number> {
  for (let stored = 0; ; stored += 1) {
    const zip = archive(stored);
    const form = new FormData();
    form.append('file', new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), 'echo.zip');
    const response = await fetch(`${server.baseURL}/api/chats/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status === 413) return stored;
    if (response.status !== 202) throw new Error(`the import answered ${response.status}: ${await response.text()}`);
    const { job } = (await response.json()) as { job: { id: string } };
    for (;;) {
      await sleep(250);
      const state = (await (
        await fetch(`${server.baseURL}/api/jobs/${job.id}`, { headers: { authorization: `Bearer ${token}` } })
      ).json()) as {
        state: string;
        error?: { code: string };
      };
      if (state.state === 'done') break;
      if (state.state === 'failed') {
        if (state.error?.code === 'storage_quota') return stored;
        throw new Error(`an import failed: ${JSON.stringify(state.error)}`);
      }
    }
  }
}

export async function fairnessFigures(): Promise<Row[]> {
  const server = await startServer({ seed: true });
  try {
    const [importer, reader] = await Promise.all([tokenFor(server, 'bench-importer'), tokenFor(server, 'bench-reader')]);
    // Warm: the gallery's cache and the first page's statements.
    for (let i = 0; i < 50; i += 1) await galleryTime(server, reader);
    const idle: number[] = [];
    for (let i = 0; i < IDLE_REQUESTS; i += 1) {
      idle.push(await galleryTime(server, reader));
      await sleep(5);
    }
    const diskBefore = await settledDisk(server);
    const busy: number[] = [];
    let importing = true;
    const reading = (async () => {
      while (importing) {
        busy.push(await galleryTime(server, reader));
        await sleep(5);
      }
    })();
    let imports: number;
    try {
      imports = await importUntilFull(server, importer);
    } finally {
      importing = false;
      await reading;
    }
    const grown = (await settledDisk(server)) - diskBefore;
    const usage = (await (
      await fetch(`${server.baseURL}/api/users/storage`, { headers: { authorization: `Bearer ${importer}` } })
    ).json()) as {
      used_bytes: number;
    };
    const [idleP50, idleP95, busyP50, busyP95] = [
      percentile(idle, 0.5),
      percentile(idle, 0.95),
      percentile(busy, 0.5),
      percentile(busy, 0.95),
    ];
    const perQuotaByte = grown / usage.used_bytes;
    return [
      {
        n: '17',
        figure: `Another user's gallery while one free account imports at its limit (${imports} imports of 27,000 messages, then the quota)`,
        value: `p50 ${ms(busyP50)}, p95 ${ms(busyP95)} over ${busy.length} requests; idle p50 ${ms(idleP50)}, p95 ${ms(idleP95)}`,
        goal: 'p95 ≤ 2× idle',
        anchor: 'audit: p95 532 ms against 2.5 ms idle',
        pass: busyP95 <= 2 * idleP95,
      },
      {
        n: '18',
        figure: 'Disk growth per byte the quota shows, for those imports (SQLite, write-ahead log checkpointed)',
        value: `${perQuotaByte.toFixed(2)} (${(grown / 1e6).toFixed(0)} MB for ${(usage.used_bytes / 1e6).toFixed(0)} MB shown)`,
        goal: '≤ 1.2',
        anchor: 'audit: 1.79',
        pass: perQuotaByte <= 1.2,
      },
    ];
  } finally {
    await server.stop();
  }
}
