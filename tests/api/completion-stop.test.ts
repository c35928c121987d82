import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete, editMessage, getChat } from './chat-helpers';
import { databases, type TestApp } from './helpers';

/** Stop keeps what was written: the client going away mid-reply stores the words that arrived, once. */
describe.each(databases)('a reply cut short by Stop (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;
  let address: string;

  beforeAll(async () => {
    ({ fake, test, alice, bob, card } = await chatTestBed(
      dialect,
      { LLM_IDLE_TIMEOUT_MS: '20000' },
      { name: 'Mira', first_mes: 'Hello.' },
    ));
    address = await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // undici keeps spare connections that never send a request; close() would wait for their headers timeout.
    test.app.server.closeAllConnections();
    await test.close();
    await fake.close();
  });
  beforeEach(() => fake.setDefault({ kind: 'reply' }));

  /**
   * Streams a completion over a real connection and drops it (Stop) once `enough` of the reply's text
   * has arrived, or, with `enough` absent, before the server answers at all.
   */
  async function stopWhen(key: string, body: Record<string, unknown>, enough?: (text: string) => boolean): Promise<string> {
    const controller = new AbortController();
    const request = fetch(`${address}/api/chat/completions`, {
      method: 'POST',
      headers: { ...alice.headers, 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify({ stream: true, ...body }),
      signal: controller.signal,
    });
    if (!enough) {
      await until(() => fake.active > 0);
      controller.abort();
      await request.catch(() => undefined);
      return '';
    }
    const reader = (await request).body!.getReader();
    const decoder = new TextDecoder();
    let seen = '';
    while (!enough(seen)) {
      const { value, done } = await reader.read();
      if (done) break;
      seen += [...decoder.decode(value, { stream: true }).matchAll(/"content":"((?:[^"\\]|\\.)*)"/g)]
        .map((m) => JSON.parse(`"${m[1]}"`))
        .join('');
    }
    controller.abort();
    return seen;
  }

  const stored = (key: string, user = alice) =>
    test.app.inject({ method: 'GET', url: `/api/chat/completions/${key}`, headers: user.headers });

  const messagesOf = async (chatId: string) =>
    (await getChat(test, alice, { chat_id: chatId })).json().data as {
      role: string;
      content: string;
      stopped_swipe?: number;
      swipes?: string[];
    }[];

  it('stores the words that arrived as the reply, marked stopped, once; a retry of the key answers it without the AI', async () => {
    fake.next({ kind: 'stall', afterWords: 3 });
    const chatId = randomUUID();
    const key = randomUUID();
    const body = { chat_id: chatId, character_id: card, messages: [{ role: 'user', content: 'Tell me a long story' }] };
    const seen = await stopWhen(key, body, words(3));
    expect(seen).toBe('You said: Tell ');

    const answer = await stored(key);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().reply).toMatchObject({ role: 'assistant', content: 'You said: Tell', stopped_swipe: 0 });
    expect(answer.json().user_message).toMatchObject({ role: 'user', content: 'Tell me a long story', client_id: key });
    const messages = await messagesOf(chatId);
    expect(messages.map((m) => [m.role, m.content])).toEqual([
      ['user', 'Tell me a long story'],
      ['assistant', 'You said: Tell'],
    ]);
    // Another device reading the chat sees the mark too.
    expect(messages[1]!.stopped_swipe).toBe(0);
    expect(messages[0]!.stopped_swipe).toBeUndefined();

    const asked = fake.requests.length;
    const retry = await complete(test, alice, { chatId, characterId: card, text: 'Tell me a long story', key });
    expect(retry.statusCode).toBe(200);
    expect(retry.json().reply).toEqual(answer.json().reply);
    expect(fake.requests.length).toBe(asked);
    expect(await messagesOf(chatId)).toHaveLength(2);
    // Another user's key is as unknown as a missing one.
    expect((await stored(key, bob)).statusCode).toBe(404);
  });

  it('stores nothing when Stop comes before the first word: the message stays, no empty reply', async () => {
    fake.next({ kind: 'hang' });
    const chatId = randomUUID();
    const key = randomUUID();
    const abortedBefore = fake.aborted;
    await stopWhen(key, { chat_id: chatId, character_id: card, messages: [{ role: 'user', content: 'Anyone there?' }] });
    await until(() => fake.aborted > abortedBefore);
    const answer = await stored(key);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().message).toBe('No reply was stored for this request.');
    expect((await messagesOf(chatId)).map((m) => m.role)).toEqual(['user']);
  });

  it('keeps a stopped new version and a stopped continuation with the mark on the version shown; a whole continuation clears it', async () => {
    const chatId = randomUUID();
    fake.next({ kind: 'reply', text: 'First whole reply.' });
    expect((await complete(test, alice, { chatId, characterId: card, text: 'Hi' })).statusCode).toBe(200);

    fake.next({ kind: 'stall', afterWords: 2 });
    const swipeKey = randomUUID();
    await stopWhen(swipeKey, { chat_id: chatId, regenerate: true }, words(2));
    expect((await stored(swipeKey)).json().reply).toMatchObject({
      content: 'You said:',
      swipes: ['First whole reply.', 'You said:'],
      swipe_id: 1,
      stopped_swipe: 1,
    });

    fake.next({ kind: 'stall', afterWords: 1 });
    const continueKey = randomUUID();
    await stopWhen(continueKey, { chat_id: chatId, continue: true }, (text) => text.length > 0);
    expect((await stored(continueKey)).json().reply).toMatchObject({ content: 'You said: You', swipe_id: 1, stopped_swipe: 1 });

    fake.next({ kind: 'reply', text: 'and the end.' });
    const whole = await complete(test, alice, { chatId, continue: true });
    expect(whole.json().reply.content).toBe('You said: You and the end.');
    expect(whole.json().reply.stopped_swipe).toBeUndefined();
  });

  it('drops the mark when the person edits the stopped version, and keeps it when another version is chosen', async () => {
    fake.next({ kind: 'stall', afterWords: 2 });
    const chatId = randomUUID();
    const key = randomUUID();
    await stopWhen(key, { chat_id: chatId, character_id: card, messages: [{ role: 'user', content: 'Edit me' }] }, words(2));
    const reply = (await stored(key)).json().reply;
    fake.next({ kind: 'reply', text: 'A whole second version.' });
    expect((await complete(test, alice, { chatId, regenerate: true })).json().reply).toMatchObject({ swipe_id: 1, stopped_swipe: 0 });
    const back = await editMessage(test, alice, reply.id, { swipe_id: 0 });
    expect(back.json()).toMatchObject({ content: 'You said:', stopped_swipe: 0 });
    const edited = await editMessage(test, alice, reply.id, { content: 'You said: my own words.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().stopped_swipe).toBeUndefined();
  });

  it('stores each word once when Stop races the last words', async () => {
    const text = 'One two three four five six seven eight nine ten.';
    fake.next({ kind: 'reply', text });
    const chatId = randomUUID();
    const key = randomUUID();
    await stopWhen(key, { chat_id: chatId, character_id: card, messages: [{ role: 'user', content: 'Count' }] }, (seen) => seen.length > 0);
    const reply = (await stored(key)).json().reply;
    expect(text.startsWith(reply.content)).toBe(true);
    const messages = await messagesOf(chatId);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]!.content).toBe(reply.content);
  });
});

/** True once `count` words of the reply have arrived. */
const words = (count: number) => (text: string) => (text.match(/\S+\s*/g) ?? []).length >= count;

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error('condition never became true');
}
