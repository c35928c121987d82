/**
 * Figure 15: searching inside chats over 1,000,000 messages of one user, on SQLite and (when
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names one) PostgreSQL: the search service's time per query
 * (the index, the user's scope, snippets as plain text; in-process, no HTTP), its p95 over a mix of
 * rare, common and two-word queries and a word being typed; and what the index adds to storing a
 * message (inserting messages with its triggers against the same inserts without them).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDb, type Db, type DialectName } from '../server/db/index';
import { migrateToLatest } from '../server/db/migrate';
import type { ServiceContext } from '../server/services/context';
import { searchChats } from '../server/services/chats/search';
import type { RequestUser } from '../server/services/users';
import { ms } from './lib/stats';
import type { Row } from './lib/table';

const MESSAGES = 1_000_000;
const CHATS = 200;
const BATCH = 5_000;
const VOCABULARY = 5_000;
const QUERIES = 200;
const STORE_RUNS = 10_000;

/** Words a chat uses, Zipf-like: a few very common, most rare (as in any language). */
const words = Array.from({ length: VOCABULARY }, (_, i) => `w${i.toString(36)}${'aeiou'[i % 5]}${'lmnrst'[i % 6]}`);
let seed = 7;
const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const zipf = () => words[Math.min(VOCABULARY - 1, Math.floor(Math.exp(random() * Math.log(VOCABULARY)) - 1))]!;
const sentence = () => Array.from({ length: 12 + Math.floor(random() * 30) }, zipf).join(' ');

/** A mix of what people type: a rare word, a common one, two words, and a word half typed. */
function queries(): string[] {
  return Array.from({ length: QUERIES }, (_, i) => {
    const word = words[Math.floor(random() * VOCABULARY)]!;
    if (i % 4 === 0) return zipf();
    if (i % 4 === 1) return `${zipf()} ${word}`;
    if (i % 4 === 2) return word.slice(0, 3);
    return word;
  });
}

async function openBenchDb(dialect: DialectName): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-bench-search-'));
    const db = openDb({ dataDir });
    return { db, drop: async () => void (await db.close(), fs.rmSync(dataDir, { recursive: true, force: true })) };
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL!;
  const schema = `bench_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  const db = openDb({ databaseUrl: url, dataDir: os.tmpdir(), schema });
  return {
    db,
    drop: async () => {
      await db.close();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** Inserts `count` messages into `chatIds` (round robin), `BATCH` per transaction; seconds taken. */
async function fill(db: Db, chatIds: string[], count: number, startSeq = 0): Promise<number> {
  const started = performance.now();
  const now = new Date().toISOString();
  for (let from = 0; from < count; from += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => {
      const n = from + i;
      return {
        id: randomUUID(),
        chat_id: chatIds[n % chatIds.length]!,
        seq: startSeq + Math.floor(n / chatIds.length),
        role: n % 2 ? ('assistant' as const) : ('user' as const),
        content: sentence(),
        name: 'Bench',
        send_date: now,
        client_id: null,
        swipes: null,
        swipe_id: null,
      };
    });
    await db.kysely.transaction().execute(async (trx) => {
      for (let at = 0; at < rows.length; at += 500)
        await trx
          .insertInto('messages')
          .values(rows.slice(at, at + 500))
          .execute();
    });
  }
  return (performance.now() - started) / 1000;
}

/** Empty chats of the user's, to fill. */
async function addChats(db: Db, userId: string, ids: string[]): Promise<void> {
  const now = new Date().toISOString();
  const chat = {
    user_id: userId,
    image_id: null,
    character_name: 'Bench',
    card_type: 'public' as const,
    card_json: null,
    portrait_key: null,
    persona_id: null,
  };
  await db.kysely
    .insertInto('chats')
    .values(ids.map((id) => ({ id, ...chat, last_message_at: now, created_at: now, updated_at: now })))
    .execute();
}

const TRIGGERS: Record<DialectName, string[]> = {
  sqlite: ['messages_search_insert', 'messages_search_update', 'messages_search_delete'],
  postgres: ['messages_search_insert', 'messages_search_update'],
};

/** µs per stored message: with the search triggers, then with them switched off, on a fresh chat each. */
async function storingCost(db: Db, dialect: DialectName, userId: string): Promise<{ withIndex: number; without: number }> {
  const perMessage = async () => {
    const chatId = randomUUID();
    await addChats(db, userId, [chatId]);
    return ((await fill(db, [chatId], STORE_RUNS)) * 1e6) / STORE_RUNS;
  };
  const withIndex = await perMessage();
  for (const trigger of TRIGGERS[dialect]) {
    await sql.raw(dialect === 'sqlite' ? `drop trigger ${trigger}` : `alter table messages disable trigger ${trigger}`).execute(db.kysely);
  }
  const without = await perMessage();
  return { withIndex, without };
}

async function measure(dialect: DialectName): Promise<Row[]> {
  const { db, drop } = await openBenchDb(dialect);
  try {
    await migrateToLatest(db);
    const now = new Date().toISOString();
    const userId = randomUUID();
    await db.kysely
      .insertInto('users')
      .values({ id: userId, issuer: 'bench', subject: userId, email: null, name: 'Bench', picture: null, created_at: now, updated_at: now })
      .execute();
    const chatIds = Array.from({ length: CHATS }, () => randomUUID());
    await addChats(db, userId, chatIds);
    const fillSeconds = await fill(db, chatIds, MESSAGES);
    if (dialect === 'postgres') await sql`analyze`.execute(db.kysely);

    const ctx = { db: db.kysely } as ServiceContext;
    const user = { id: userId } as RequestUser;
    const times: number[] = [];
    let hits = 0;
    for (const q of queries()) {
      const started = performance.now();
      hits += (await searchChats(ctx, user, { q })).data.length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const p95 = times[Math.floor(times.length * 0.95)]!;
    const store = await storingCost(db, dialect, userId);
    const name = dialect === 'sqlite' ? 'SQLite (FTS5)' : 'PostgreSQL (tsvector, GIN)';
    return [
      {
        n: '15',
        figure: `Search inside chats, 1,000,000 messages of one user, ${name}: p95 of ${QUERIES} queries (rare, common, two words, a word half typed; median ${ms(times[times.length >> 1]!)}, ${(hits / QUERIES).toFixed(0)} hits a query; filled in ${fillSeconds.toFixed(0)} s)`,
        value: ms(p95),
        goal: '≤ 100 ms',
        anchor: 'SillyTavern: no search inside chats',
        pass: p95 <= 100,
      },
      {
        n: '15',
        figure: `Same, ${name}: storing a message with the index kept by triggers vs without (${STORE_RUNS.toLocaleString('en')} inserts each)`,
        value: `+${(store.withIndex - store.without).toFixed(0)} µs (${store.withIndex.toFixed(0)} vs ${store.without.toFixed(0)} µs)`,
        goal: '—',
        anchor: 'SillyTavern: no search inside chats',
        pass: undefined,
      },
    ];
  } finally {
    await drop();
  }
}

export async function searchFigures(): Promise<Row[]> {
  const rows = await measure('sqlite');
  if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) rows.push(...(await measure('postgres')));
  return rows;
}
