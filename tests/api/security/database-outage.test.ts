/**
 * Faults: the database unavailable → 503 with a clear message, and recovery without a
 * restart when it returns. PostgreSQL is reached through a TCP proxy the test can cut; SQLite is
 * locked by another connection for longer than the busy timeout.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../../../server/db/errors';
import { openDb } from '../../../server/db/index';
import { testCardPng } from '../../support/cards';
import { userOf, type Uploader } from '../cards';
import { appendMessage, complete, getChat, listChats, ownCard } from '../chat-helpers';
import { createTestApp, type TestApp } from '../helpers';
import { startTcpProxy, type TcpProxy } from './tcp-proxy';

const SQLITE_BUSY_TIMEOUT_MS = 300;

/** The demo AI answers at once, so a chat is started quickly. */
const ENV = { LLM_DEMO_WORD_DELAY_MS: '0' };

/** One read and one write of each kind a signed-in user makes, against an existing chat. */
function everydayRequests(test: TestApp, user: Uploader, chatId: string) {
  return {
    reads: [
      () => test.app.inject({ method: 'GET', url: '/api/users/profile', headers: user.headers }),
      () => listChats(test, user),
      () => getChat(test, user, { chat_id: chatId }),
    ],
    writes: [
      () => appendMessage(test, user, { chatId, content: `written at ${Date.now()}` }),
      () =>
        test.app.inject({ method: 'PUT', url: '/api/users/profile', headers: user.headers, payload: { name: `Renamed ${Date.now()}` } }),
    ],
  };
}

function expectUnavailable(response: { statusCode: number; json(): unknown; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual(DATABASE_UNAVAILABLE);
  expect(response.headers['retry-after']).toBeDefined();
}

/** A user with a chat of their own, made while the database was up. */
async function userWithChat(test: TestApp, sub: string): Promise<{ user: Uploader; chatId: string }> {
  const user = await userOf(test, sub);
  const card = await ownCard(test, user, testCardPng({ name: 'Steady' }));
  const chatId = randomUUID();
  const first = await complete(test, user, { chatId, characterId: card, text: 'Hello' });
  if (first.statusCode !== 200) throw new Error(`could not start a chat: ${first.body}`);
  return { user, chatId };
}

describe.runIf(process.env.TEST_DATABASE_URL)('PostgreSQL going away and coming back (needs TEST_DATABASE_URL)', () => {
  let proxy: TcpProxy;
  let test: TestApp;
  let user: Uploader;
  let chatId: string;

  beforeAll(async () => {
    const target = new URL(process.env.TEST_DATABASE_URL!);
    proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
    const viaProxy = new URL(target);
    viaProxy.hostname = '127.0.0.1';
    viaProxy.port = String(proxy.port);
    // The app's own connection goes through the proxy; createTestApp's migrates the schema directly.
    test = await createTestApp('postgres', ENV, { openDb: (dataDir, schema) => openDb({ databaseUrl: viaProxy.href, dataDir, schema }) });
    ({ user, chatId } = await userWithChat(test, 'pg-outage'));
  });
  afterAll(async () => {
    await proxy.pass();
    await test.close();
    await proxy.close();
  });

  it.each([
    ['refuses connections', () => proxy.refuse()],
    ['accepts connections and drops them', () => proxy.drop()],
  ])('when it %s: reads, writes and /api/health answer 503 with a clear message, then work again', async (_name, goDown) => {
    const { reads, writes } = everydayRequests(test, user, chatId);
    const before = (await getChat(test, user, { chat_id: chatId })).json().data.length;

    // A user never seen before (signed while the database answers: the keys live there).
    const stranger = await userOf(test, `stranger-${randomUUID()}`);
    await goDown();
    for (const request of [...reads, ...writes]) expectUnavailable(await request());
    // ...cannot even be looked up.
    expectUnavailable(await listChats(test, stranger));
    const health = await test.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual(DATABASE_UNAVAILABLE);

    await proxy.pass();
    expect((await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    for (const request of reads) expect((await request()).statusCode).toBe(200);
    expect((await writes[0]!()).statusCode).toBe(201);
    expect((await writes[1]!()).statusCode).toBe(200);
    // The writes refused during the outage left nothing behind; the one after it is there.
    expect((await getChat(test, user, { chat_id: chatId })).json().data.length).toBe(before + 1);
  });
});

describe('SQLite locked by another writer for longer than the busy timeout', () => {
  let test: TestApp;
  let user: Uploader;
  let chatId: string;
  let locker: SQLite.Database | undefined;

  beforeAll(async () => {
    test = await createTestApp('sqlite', ENV, { openDb: (dataDir) => openDb({ dataDir, sqliteBusyTimeoutMs: SQLITE_BUSY_TIMEOUT_MS }) });
    ({ user, chatId } = await userWithChat(test, 'sqlite-lock'));
  });
  afterEach(() => {
    if (locker?.inTransaction) locker.exec('ROLLBACK');
    locker?.close();
    locker = undefined;
  });
  afterAll(() => test.close());

  it('answers writes 503 with a clear message, keeps reads working, and writes again once the lock is gone', async () => {
    const { reads, writes } = everydayRequests(test, user, chatId);
    const before = (await getChat(test, user, { chat_id: chatId })).json().data.length;

    // An operator's admin command or a backup tool holding the write lock.
    locker = new SQLite(path.join(test.dataDir, 'cardchat.db'));
    locker.exec('BEGIN EXCLUSIVE');
    for (const request of writes) {
      const response = await request();
      expectUnavailable(response);
      expect(response.body).not.toMatch(/SQLITE/);
    }
    // WAL: readers are never blocked by a writer.
    for (const request of reads) expect((await request()).statusCode).toBe(200);
    expect((await test.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    locker.exec('COMMIT');
    expect((await writes[0]!()).statusCode).toBe(201);
    expect((await writes[1]!()).statusCode).toBe(200);
    expect((await getChat(test, user, { chat_id: chatId })).json().data.length).toBe(before + 1);
  });
});

describe('which database errors count as "unavailable"', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it.each([
    ['PostgreSQL shutting down (57P01)', coded('57P01')],
    ['PostgreSQL starting up (57P03)', coded('57P03')],
    ['a connection failure (08006)', coded('08006')],
    ['too many connections (53300)', coded('53300')],
    ['a refused connection to every address', new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')])],
    ['a wrapped reset', new Error('query failed', { cause: coded('ECONNRESET') })],
    ['the pool waiting too long', new Error('timeout exceeded when trying to connect')],
    ['SQLite locked past the busy timeout', coded('SQLITE_BUSY')],
    ['a disk error under SQLite', coded('SQLITE_IOERR_WRITE')],
    ['a full disk', coded('SQLITE_FULL')],
    ['a read-only database file', coded('SQLITE_READONLY')],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation', coded('23505')],
    ['a syntax error in SQL', coded('42601')],
    ['a SQLite constraint', coded('SQLITE_CONSTRAINT_FOREIGNKEY')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['no error at all', undefined],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
