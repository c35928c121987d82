/**
 * Durability: a server killed with SIGKILL in the middle of a stream of writes loses none
 * it acknowledged, stores none twice, and its SQLite file passes `PRAGMA integrity_check` after the
 * restart. The server runs as `npm start` does, in a child process, so the kill is a real one.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openDb, type DbOptions } from '../../../server/db/index';
import { testCardPng } from '../../support/cards';
import { multipartBody } from '../cards';
import { databases } from '../helpers';
import { accessToken, bearer } from '../tokens';
import { createScratchDatabase, queryOnce } from './scratch-postgres';
import { CHILD_PUBLIC_URL, startServerChild, type ServerChild } from './server-child';

/** Writers sending at once; the kill comes once this many writes were acknowledged. */
const WRITERS = 8;
const ACKNOWLEDGED_BEFORE_KILL = 150;

interface Stored {
  /** content → how many rows hold it. */
  copies: Map<string, number>;
  /** What the chat row says it holds, kept in the same transaction as the messages. */
  messageCount: number;
}

/** Where the child keeps its data, and how the test reads it behind the server's back. */
interface Target {
  env: Record<string, string>;
  /** The child's database, for the provider keys a test token is signed with. */
  dbOptions: DbOptions;
  read(chatId: string): Promise<Stored>;
  drop(): Promise<void>;
}

async function targetFor(dialect: 'sqlite' | 'postgres', dataDir: string): Promise<Target> {
  const countSql = 'SELECT content, COUNT(*) AS copies FROM messages WHERE chat_id = $chat GROUP BY content';
  const totalSql = 'SELECT message_count FROM chats WHERE id = $chat';
  if (dialect === 'sqlite') {
    return {
      env: {},
      dbOptions: { dataDir },
      async read(chatId) {
        // A second connection, read-only, beside the running server: WAL lets it read a consistent snapshot.
        const db = new SQLite(path.join(dataDir, 'cardchat.db'), { readonly: true });
        try {
          const rows = db.prepare(countSql.replaceAll('$chat', '?')).all(chatId) as { content: string; copies: number }[];
          const chat = db.prepare(totalSql.replaceAll('$chat', '?')).get(chatId) as { message_count: number };
          return { copies: new Map(rows.map((row) => [row.content, Number(row.copies)])), messageCount: chat.message_count };
        } finally {
          db.close();
        }
      },
      drop: async () => undefined,
    };
  }
  const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
  return {
    env: { DATABASE_URL: scratch.url },
    dbOptions: { databaseUrl: scratch.url, dataDir },
    async read(chatId) {
      const rows = await queryOnce<{ content: string; copies: string }>(scratch.url, countSql.replaceAll('$chat', '$1'), [chatId]);
      const [chat] = await queryOnce<{ message_count: number }>(scratch.url, totalSql.replaceAll('$chat', '$1'), [chatId]);
      return { copies: new Map(rows.map((row) => [row.content, Number(row.copies)])), messageCount: Number(chat!.message_count) };
    },
    drop: scratch.drop,
  };
}

/** A signed-in user of the child, with a chat of their own to write into. */
async function userWithChat(server: ServerChild, target: Target, dataDir: string) {
  const config = loadConfig({ PUBLIC_URL: CHILD_PUBLIC_URL, DATA_DIR: dataDir });
  const db = openDb(target.dbOptions);
  const headers = bearer(await accessToken({ dataDir, config, db }, { sub: 'durable-user' }).finally(() => db.close()));
  const { payload, headers: form } = await multipartBody({ bytes: testCardPng({ name: 'Keeper' }) });
  const uploaded = await fetch(`${server.baseURL}/api/upload/image`, {
    method: 'POST',
    headers: { ...headers, ...form },
    body: new Uint8Array(payload),
  });
  expect(uploaded.status).toBe(200);
  const card = (await uploaded.json()).data.file_id as string;
  const chatId = randomUUID();
  const started = await fetch(`${server.baseURL}/api/chat/completions`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      chat_id: chatId,
      character_id: card,
      messages: [{ role: 'user', content: 'Remember everything' }],
      stream: false,
    }),
  });
  expect(started.status).toBe(200);
  return { headers, chatId };
}

describe.each(databases)('a server killed during a stream of writes (%s)', (dialect) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps every acknowledged message exactly once after SIGKILL and a restart', { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-durability-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const target = await targetFor(dialect, dataDir);
    cleanups.push(() => target.drop());

    let server = await startServerChild(dataDir, target.env);
    cleanups.push(() => server.kill());
    const { headers, chatId } = await userWithChat(server, target, dataDir);
    const { copies: before } = await target.read(chatId);

    const acknowledged: string[] = [];
    const unexpected: string[] = [];
    let reachedKillPoint!: () => void;
    const killPoint = new Promise<void>((resolve) => (reachedKillPoint = resolve));
    const writer = async (id: number) => {
      for (let n = 0; ; n += 1) {
        const content = `writer ${id} message ${n}`;
        let response: Response;
        try {
          response = await fetch(`${server.baseURL}/api/messages`, {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ chatId, content }),
          });
        } catch {
          // The server is gone: this write was never acknowledged.
          return;
        }
        if (response.status !== 201) {
          unexpected.push(`${response.status} ${await response.text()}`);
          return;
        }
        acknowledged.push(content);
        if (acknowledged.length >= ACKNOWLEDGED_BEFORE_KILL) reachedKillPoint();
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, id) => writer(id));
    // Writers stop early only on an answer other than 201, which the assertion below reports.
    await Promise.race([killPoint, Promise.all(writers)]);
    await server.kill();
    await Promise.all(writers);
    expect(unexpected).toEqual([]);
    if (dialect === 'sqlite') {
      // The kill left committed pages in the WAL, unmerged: the restart has to recover them.
      expect(fs.statSync(path.join(dataDir, 'cardchat.db-wal')).size).toBeGreaterThan(0);
    }

    server = await startServerChild(dataDir, target.env);
    const { copies, messageCount } = await target.read(chatId);
    for (const content of acknowledged) expect(copies.get(content), content).toBe(1);
    for (const [content, count] of copies) expect(count, content).toBe(1);
    expect(copies.size - before.size).toBeGreaterThanOrEqual(acknowledged.length);
    // A write in flight at the kill may have committed without its answer arriving; none beyond that.
    expect(copies.size - before.size).toBeLessThanOrEqual(acknowledged.length + WRITERS);
    expect(messageCount).toBe([...copies.values()].reduce((sum, count) => sum + count, 0));

    // The restarted server answers for them too.
    const page = await fetch(`${server.baseURL}/api/chats/get`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId }),
    });
    expect(page.status).toBe(200);
    expect((await page.json()).chat.message_count).toBe(messageCount);

    if (dialect === 'sqlite') {
      const file = new SQLite(path.join(dataDir, 'cardchat.db'), { readonly: true });
      try {
        expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
        expect(file.pragma('journal_mode', { simple: true })).toBe('wal');
      } finally {
        file.close();
      }
    }
  });
});

describe('the SQLite connection the server opens', () => {
  it('runs in WAL mode with synchronous=FULL, so an acknowledged commit survives a power cut', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-pragmas-'));
    const db = openDb({ dataDir });
    try {
      const pragma = async (name: string) => Object.values((await sql.raw(`PRAGMA ${name}`).execute(db.kysely)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      // 2 is FULL: the WAL is synced at every commit, not only at checkpoints (NORMAL, 1).
      expect(await pragma('synchronous')).toBe(2);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(await pragma('foreign_keys')).toBe(1);
    } finally {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
