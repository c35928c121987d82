import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete, getChat, listChats, parseStream } from './chat-helpers';
import { databases, type TestApp } from './helpers';

describe.each(databases)('chat completions against an OpenAI-compatible service (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    ({ fake, test, alice, bob, card } = await chatTestBed(
      dialect,
      { LLM_IDLE_TIMEOUT_MS: '2000' },
      { name: 'Mira', first_mes: 'Hello {{user}}, I am {{char}}.', alternate_greetings: ['Second hello'] },
    ));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });
  beforeEach(() => fake.setDefault({ kind: 'reply' }));

  it('answers without streaming in the shape older clients read, storing the greeting, the message and the reply', async () => {
    const chatId = randomUUID();
    const response = await complete(test, alice, { chatId, characterId: card, text: 'Hi there', greetingIndex: 0 });
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.message).toContain('You said: Hi there');
    expect(result.content).toBe(result.message);
    expect(result.choices[0].message).toEqual({ role: 'assistant', content: result.message });
    expect(result.chat_id).toBe(chatId);
    expect(result.greeting.content).toBe('Hello alice, I am Mira.');
    expect(result.user_message).toMatchObject({ role: 'user', content: 'Hi there', seq: 1 });
    expect(result.reply).toMatchObject({ role: 'assistant', seq: 2, name: 'Mira' });

    const sent = fake.requests.at(-1)!.body;
    expect(sent.model).toBe('fake-model');
    expect(sent.messages[0].role).toBe('system');
    expect(sent.messages.at(-1)).toEqual({ role: 'user', content: 'Hi there' });

    const page = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(page.data.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
    expect(page.chat).toMatchObject({ character_name: 'Mira', character_id: card, message_count: 3, card_type: 'user' });

    const characters = (await test.app.inject({ method: 'GET', url: '/api/characters', headers: alice.headers })).json();
    expect(characters.data.find((c: { id: string }) => c.id === card).chat_id).toBe(chatId);
  });

  it('streams the reply as OpenAI chunks, then the stored messages, then [DONE]', async () => {
    fake.next({ kind: 'reply', text: 'One two three four' });
    const chatId = randomUUID();
    const response = await complete(test, alice, { chatId, characterId: card, text: 'Stream please', stream: true });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/event-stream');
    const stream = parseStream(response.body);
    expect(stream.deltas.length).toBeGreaterThan(1);
    expect(stream.deltas.join('')).toBe('One two three four');
    expect(stream.stored?.reply?.content).toBe('One two three four');
    expect(stream.done).toBe(true);
  });

  it('keeps the user message and stores no reply when the service fails, and says why', async () => {
    fake.next({ kind: 'status', status: 500, body: '{"error":{"message":"boom"}}' });
    const chatId = randomUUID();
    const key = randomUUID();
    const failed = await complete(test, alice, { chatId, characterId: card, text: 'Are you there?', key });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({ error: 'upstream_unavailable' });
    const page = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(page.data.map((m: { content: string }) => m.content)).toEqual(['Are you there?']);

    // The client retries with the same key: the stored message is answered, not duplicated.
    const retried = await complete(test, alice, { chatId, characterId: card, text: 'Are you there?', key });
    expect(retried.statusCode).toBe(200);
    const after = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(after.data.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
  });

  it('reports a rate-limited service with a clear message', async () => {
    fake.next({ kind: 'status', status: 429 });
    const response = await complete(test, alice, { chatId: randomUUID(), characterId: card, text: 'Hello?' });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toMatch(/busy/);
  });

  it('ends a stream that fails midway with an error event and stores no reply', async () => {
    fake.next({ kind: 'midstream-error', afterWords: 2 });
    const chatId = randomUUID();
    const response = await complete(test, alice, { chatId, characterId: card, text: 'Go on', stream: true });
    const stream = parseStream(response.body);
    expect(stream.deltas.length).toBeGreaterThan(0);
    expect(stream.error?.error).toBe('upstream_error');
    expect(stream.stored).toBeUndefined();
    const page = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(page.data).toHaveLength(1);
  });

  it('sends the same request four times and gets one message, one reply and one upstream call', async () => {
    const chatId = randomUUID();
    const key = randomUUID();
    const before = fake.requests.length;
    const results = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      results.push(await complete(test, alice, { chatId, characterId: card, text: 'Only once', key }));
    }
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(new Set(results.map((r) => r.json().reply.id)).size).toBe(1);
    expect(fake.requests.length - before).toBe(1);
    const page = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(page.data).toHaveLength(2);
  });

  it('answers 409 to a retry while the first attempt is still being answered', async () => {
    fake.next({ kind: 'reply', text: 'slow slow slow slow slow', chunkDelayMs: 100 });
    const chatId = randomUUID();
    const key = randomUUID();
    const first = complete(test, alice, { chatId, characterId: card, text: 'Patience', key });
    await waitFor(() => fake.active > 0);
    const second = await complete(test, alice, { chatId, characterId: card, text: 'Patience', key });
    expect(second.statusCode).toBe(409);
    expect((await first).statusCode).toBe(200);
    const page = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(page.data).toHaveLength(2);
  });

  it('regenerates the last reply in place', async () => {
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'First try' });
    fake.next({ kind: 'reply', text: 'A better answer' });
    const response = await complete(test, alice, { chatId, regenerate: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().user_message).toBeNull();
    const page = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(page.data.map((m: { content: string }) => m.content)).toEqual(['First try', 'A better answer']);
    expect(page.chat.message_count).toBe(2);
  });

  it('keeps a message written while a reply is still being written', async () => {
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'First' });
    fake.next({ kind: 'reply', text: 'a slow and careful answer', chunkDelayMs: 50 });
    const second = complete(test, alice, { chatId, text: 'Second' });
    await waitFor(() => fake.active > 0);
    const note = await test.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: alice.headers,
      payload: { chatId, content: 'A note meanwhile' },
    });
    expect(note.statusCode).toBe(201);
    expect((await second).statusCode).toBe(200);
    const page = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(page.data.map((m: { content: string }) => m.content)).toContain('A note meanwhile');
    expect(page.chat.message_count).toBe(page.data.length);
  });

  it('refuses an Idempotency-Key reused for a different message', async () => {
    const chatId = randomUUID();
    const key = randomUUID();
    expect((await complete(test, alice, { chatId, characterId: card, text: 'One thing', key })).statusCode).toBe(200);
    const reused = await complete(test, alice, { chatId, characterId: card, text: 'Another thing', key });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error).toBe('idempotency_key_reused');
  });

  it("says 'No response received' for an empty reply and stores none", async () => {
    fake.next({ kind: 'reply', text: '' });
    const chatId = randomUUID();
    const response = await complete(test, alice, { chatId, characterId: card, text: 'Anyone?' });
    expect(response.statusCode).toBe(502);
    expect(response.json().message).toBe('No response received');
    expect((await getChat(test, alice, { chat_id: chatId })).json().data).toHaveLength(1);
  });

  it('refuses empty and over-long messages with clear messages', async () => {
    const empty = await complete(test, alice, { chatId: randomUUID(), characterId: card, text: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('empty_message');
    const long = await complete(test, alice, { chatId: randomUUID(), characterId: card, text: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toContain('1000');
  });

  it("answers 404 for another user's chat and another user's private card", async () => {
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'Mine' });
    expect((await complete(test, bob, { chatId, characterId: card, text: 'Hijack' })).statusCode).toBe(404);
    expect((await complete(test, bob, { chatId: randomUUID(), characterId: card, text: 'Use her card' })).statusCode).toBe(404);
    expect((await getChat(test, bob, { chat_id: chatId })).statusCode).toBe(404);
    expect(
      (await test.app.inject({ method: 'POST', url: '/api/chats/delete', headers: bob.headers, payload: { chat_id: chatId } })).statusCode,
    ).toBe(404);
    const bobs = (await listChats(test, bob)).json();
    expect(bobs.total).toBe(0);
  });

  it('cancels the upstream call when the client goes away, and keeps what it wrote (tests/api/completion-stop.test.ts)', async () => {
    fake.next({ kind: 'stall', afterWords: 2 });
    const address = await test.app.listen({ port: 0, host: '127.0.0.1' });
    const chatId = randomUUID();
    const key = randomUUID();
    const abortedBefore = fake.aborted;
    const controller = new AbortController();
    const response = await fetch(`${address}/api/chat/completions`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({
        chat_id: chatId,
        character_id: card,
        messages: [{ role: 'user', content: 'Tell me a long story' }],
        stream: true,
      }),
      signal: controller.signal,
    });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('chat.completion.chunk');
    controller.abort();
    await waitFor(() => fake.aborted > abortedBefore);
    await waitFor(() => fake.active === 0);
    expect((await test.app.inject({ method: 'GET', url: `/api/chat/completions/${key}`, headers: alice.headers })).statusCode).toBe(200);
    const page = (await getChat(test, alice, { chat_id: chatId })).json();
    expect(page.data.map((m: { role: string }) => m.role)).toEqual(['user', 'assistant']);
    // undici opens a spare connection that never sends a request; Node's close() would wait for its
    // headers timeout, so it is closed here.
    test.app.server.closeAllConnections();
  });

  it('needs a signed-in user', async () => {
    const response = await test.app.inject({ method: 'POST', url: '/api/chat/completions', payload: { chat_id: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('condition never became true');
}
