import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete, getChat, parseStream } from './chat-helpers';
import { databases, type TestApp } from './helpers';

/** A message too long for one sent as several: the first parts are stored without a reply, the last asks for one. */
describe.each(databases)('a long message sent in parts (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    ({ fake, test, alice, bob, card } = await chatTestBed(dialect, {}, { name: 'Mira', first_mes: 'Hello.' }));
    fake.setDefault({ kind: 'reply' });
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const rolesOf = async (chatId: string) =>
    (await getChat(test, alice, { chat_id: chatId })).json().data.map((m: { role: string; content: string }) => [m.role, m.content]);

  it('stores the parts in order without calling the AI, then one reply after the last', async () => {
    const chatId = randomUUID();
    const asked = fake.requests.length;
    const first = await complete(test, alice, { chatId, characterId: card, text: 'Part one.', greetingIndex: 0, noReply: true });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ content: '', reply: null, user_message: { role: 'user', content: 'Part one.', seq: 1 } });
    expect(first.json().greeting.content).toBe('Hello.');
    const second = await complete(test, alice, { chatId, text: 'Part two.', noReply: true, stream: true });
    const streamed = parseStream(second.body);
    expect(streamed.stored).toMatchObject({ reply: null, user_message: { content: 'Part two.', seq: 2 } });
    expect(streamed.done).toBe(true);
    expect(fake.requests.length).toBe(asked);

    const last = await complete(test, alice, { chatId, text: 'Part three.' });
    expect(last.json().reply).toMatchObject({ role: 'assistant', seq: 4 });
    expect(fake.requests.length).toBe(asked + 1);
    // The reply's prompt holds every part.
    const prompt = fake.requests.at(-1)!.body.messages.map((m: { content: string }) => m.content);
    expect(prompt.slice(-3)).toEqual(['Part one.', 'Part two.', 'Part three.']);
    expect(await rolesOf(chatId)).toEqual([
      ['assistant', 'Hello.'],
      ['user', 'Part one.'],
      ['user', 'Part two.'],
      ['user', 'Part three.'],
      ['assistant', last.json().reply.content],
    ]);
  });

  it('stores a part once when it is sent again with its key, and refuses the key for another text', async () => {
    const chatId = randomUUID();
    const key = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'Once.', key, noReply: true });
    const again = await complete(test, alice, { chatId, characterId: card, text: 'Once.', key, noReply: true });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ reply: null, user_message: { content: 'Once.' } });
    expect(await rolesOf(chatId)).toEqual([['user', 'Once.']]);
    const reused = await complete(test, alice, { chatId, text: 'Other.', key, noReply: true });
    expect(reused.statusCode).toBe(422);
    // The same text asked with a reply is another request.
    expect((await complete(test, alice, { chatId, text: 'Once.', key })).statusCode).toBe(422);
  });

  it("refuses a part with no text, too long, with a regeneration, or in another user's chat", async () => {
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'Mine.', noReply: true });
    expect((await complete(test, alice, { chatId, text: '   ', noReply: true })).statusCode).toBe(400);
    expect((await complete(test, alice, { chatId, text: 'x'.repeat(1001), noReply: true })).statusCode).toBe(400);
    expect((await complete(test, alice, { chatId, regenerate: true, noReply: true })).statusCode).toBe(400);
    expect((await complete(test, bob, { chatId, text: 'Theirs.', noReply: true })).statusCode).toBe(404);
    expect(await rolesOf(chatId)).toEqual([['user', 'Mine.']]);
  });
});
