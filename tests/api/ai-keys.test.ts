import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI';
import { testCardPng } from '../support/cards';
import { userOf, type Uploader } from './cards';
import { complete, deletionFinished, exportAccount, ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

const ALICE_KEY = 'sk-alice-own-secret-key-7f3c';
const OTHER_ALLOWED = 'https://openrouter.example/api/v1';

/**
 * A person's own AI key for one of USER_AI_ENDPOINTS: their chats' replies go to that service with
 * their key and their model; the key is stored encrypted, shown by its last 4 characters only, never
 * in an answer, the data export or a log line, and gone with the account.
 */
describe.each(databases)('own AI keys (%s)', (dialect) => {
  let server: FakeOpenAI;
  let own: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;
  let bobCard: string;
  const logged: string[] = [];
  const { write, writeSync } = fs;

  beforeAll(async () => {
    server = await startFakeOpenAI();
    own = await startFakeOpenAI();
    // Every log line the app writes at the most talkative level: pino writes them to fd 1 through fs.
    fs.writeSync = ((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd !== 1) return (writeSync as (...args: unknown[]) => number)(fd, data, ...rest);
      logged.push(String(data));
      return Buffer.byteLength(String(data));
    }) as typeof fs.writeSync;
    fs.write = ((fd: number, data: unknown, ...rest: unknown[]) => {
      if (fd !== 1) return (write as (...args: unknown[]) => void)(fd, data, ...rest);
      logged.push(String(data));
      const done = rest.findLast((arg) => typeof arg === 'function') as (error: null, written: number) => void;
      process.nextTick(() => done(null, Buffer.byteLength(String(data))));
    }) as typeof fs.write;
    test = await createTestApp(dialect, {
      LLM_BASE_URL: server.baseUrl,
      LLM_MODEL: 'server-model',
      USER_AI_ENDPOINTS: `${own.baseUrl}/, ${OTHER_ALLOWED}`,
      RATE_LIMIT_COMPLETIONS_PER_MINUTE: '2',
      LOG_LEVEL: 'trace',
    });
    alice = await userOf(test, 'alice');
    bob = await userOf(test, 'bob');
    card = await ownCard(test, alice, testCardPng({ name: 'Mira', first_mes: 'Hello.' }));
    bobCard = await ownCard(test, bob, testCardPng({ name: 'Mira', first_mes: 'Hello.' }));
  });
  afterAll(async () => {
    Object.assign(fs, { write, writeSync });
    await test.close();
    await server.close();
    await own.close();
  });

  const keyOf = (user: Uploader) => test.app.inject({ method: 'GET', url: '/api/users/me/ai-key', headers: user.headers });
  const saveKey = (user: Uploader, payload: Record<string, unknown>) =>
    test.app.inject({ method: 'PUT', url: '/api/users/me/ai-key', headers: user.headers, payload });

  it('lists the allowed services and refuses any other address, storing nothing', async () => {
    expect((await keyOf(alice)).json()).toEqual({ endpoints: [own.baseUrl, OTHER_ALLOWED], key: null });
    for (const endpoint of ['http://127.0.0.1:1/v1', `${own.baseUrl}/../evil`, 'https://api.openai.com/v1']) {
      const refused = await saveKey(alice, { endpoint, model: 'm', key: ALICE_KEY });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'endpoint_not_allowed' });
      expect(refused.body).not.toContain(ALICE_KEY);
    }
    expect((await saveKey(alice, { endpoint: own.baseUrl, model: 'm', key: 'has space in it' })).statusCode).toBe(400);
    expect((await keyOf(alice)).json().key).toBeNull();
  });

  it('saves the key encrypted and answers with its last 4 characters only', async () => {
    const saved = await saveKey(alice, { endpoint: own.baseUrl, model: 'own-model', key: ALICE_KEY });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      endpoint: own.baseUrl,
      model: 'own-model',
      last4: '7f3c',
      active: true,
      updated_at: expect.any(String),
    });
    expect(saved.body).not.toContain(ALICE_KEY);
    expect((await keyOf(alice)).body).not.toContain(ALICE_KEY);
    const row = await test.db.kysely.selectFrom('user_ai_keys').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(ALICE_KEY);
    expect(JSON.stringify(row)).not.toContain('alice-own');
    // Bob sees none of it.
    expect((await keyOf(bob)).json().key).toBeNull();
    expect((await test.app.inject({ method: 'DELETE', url: '/api/users/me/ai-key', headers: bob.headers })).statusCode).toBe(404);
  });

  it("writes the person's replies with their key and model, and only theirs; not counted against the server's limit", async () => {
    const before = { server: server.requests.length, own: own.requests.length };
    const chatId = randomUUID();
    for (let i = 0; i < 4; i += 1) {
      const reply = await complete(test, alice, { chatId, characterId: card, text: `Hi ${i}.` });
      expect(reply.statusCode).toBe(200);
      expect(reply.body).not.toContain(ALICE_KEY);
    }
    expect(own.requests.length - before.own).toBe(4);
    expect(server.requests.length).toBe(before.server);
    const sent = own.requests.at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${ALICE_KEY}`);
    expect(sent.body.model).toBe('own-model');

    const bobChat = randomUUID();
    expect((await complete(test, bob, { chatId: bobChat, characterId: bobCard, text: 'Hello.' })).statusCode).toBe(200);
    expect(server.requests.length).toBe(before.server + 1);
    expect(JSON.stringify(server.requests.at(-1))).not.toContain(ALICE_KEY);
    expect(own.requests.length - before.own).toBe(4);
  });

  it("answers with the provider's reason when it refuses the key, never the key", async () => {
    own.next({ kind: 'status', status: 401, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${ALICE_KEY}` } }) });
    const refused = await complete(test, alice, { chatId: randomUUID(), characterId: card, text: 'Hello?' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toContain('Incorrect API key provided');
    expect(refused.body).not.toContain(ALICE_KEY);
  });

  it('leaves the key out of the data export and every log line', async () => {
    const exported = await exportAccount(test, alice);
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    for (const bytes of Object.values(files)) expect(Buffer.from(bytes).toString('latin1')).not.toContain(ALICE_KEY);
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('')).not.toContain(ALICE_KEY);
  });

  it('removes the key on request, and with the account', async () => {
    const removed = await test.app.inject({ method: 'DELETE', url: '/api/users/me/ai-key', headers: alice.headers });
    expect(removed.json()).toEqual({ success: true, message: 'Your AI key was removed.' });
    expect((await keyOf(alice)).json().key).toBeNull();

    await saveKey(alice, { endpoint: OTHER_ALLOWED, model: 'x', key: ALICE_KEY });
    const id = (await test.db.kysely.selectFrom('user_ai_keys').select('user_id').executeTakeFirstOrThrow()).user_id;
    const deleted = await test.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: alice.headers,
      payload: { confirmation: 'alice@example.com' },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await deletionFinished(test, id);
    expect(await test.db.kysely.selectFrom('user_ai_keys').selectAll().execute()).toEqual([]);
  });
});
