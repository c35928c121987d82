import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_LIMITS, type LastPrompt, type PinnedMemoryView } from '@core/contract';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete, exportChat, importFiles } from './chat-helpers';
import { databases, type TestApp } from './helpers';

describe.each(databases)("a chat's pinned memories (%s)", (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    ({ fake, test, alice, bob, card } = await chatTestBed(dialect, {}, { name: 'Mira', description: 'A lighthouse keeper.' }));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const put = (user: Uploader, chatId: string, id: string, body: object) =>
    test.app.inject({ method: 'PUT', url: `/api/chats/${chatId}/memories/${id}`, headers: user.headers, payload: body });
  const list = (user: Uploader, chatId: string) =>
    test.app.inject({ method: 'GET', url: `/api/chats/${chatId}/memories`, headers: user.headers });
  const remove = (user: Uploader, chatId: string, id: string) =>
    test.app.inject({ method: 'DELETE', url: `/api/chats/${chatId}/memories/${id}`, headers: user.headers });
  const newChat = async () => {
    const chatId = randomUUID();
    const first = await complete(test, alice, { chatId, characterId: card, text: 'My sister is called Ilse.' });
    return { chatId, userMessageId: first.json().user_message.id as string };
  };

  it('pins a message and a memory written by hand, keeps them in every prompt after the card, and says so in the prompt view', async () => {
    const { chatId, userMessageId } = await newChat();
    const pinned = await put(alice, chatId, 'm1', { text: 'Her sister is called Ilse.', message_id: userMessageId });
    expect(pinned.statusCode, pinned.body).toBe(200);
    // The same PUT again (an outbox replay) writes it once.
    await put(alice, chatId, 'm1', { text: 'Her sister is called Ilse.', message_id: userMessageId });
    await put(alice, chatId, 'm2', { text: '  The lighthouse has 212 steps.  ' });
    const memories = (await list(alice, chatId)).json().memories as PinnedMemoryView[];
    expect(memories.map((m) => [m.id, m.text, m.message_id])).toEqual([
      ['m1', 'Her sister is called Ilse.', userMessageId],
      ['m2', 'The lighthouse has 212 steps.', null],
    ]);

    await complete(test, alice, { chatId, text: 'How many steps?' });
    const sent = (fake.requests.at(-1)!.body.messages as { content: string }[]).map((m) => m.content);
    const section = sent.findIndex((text) => text.startsWith('[Pinned memories of this chat:'));
    expect(sent[section]).toBe('[Pinned memories of this chat:\n- Her sister is called Ilse.\n- The lighthouse has 212 steps.]');
    expect(section).toBeGreaterThan(sent.indexOf('A lighthouse keeper.'));
    const prompt = (await test.app.inject({ method: 'GET', url: `/api/chats/${chatId}/prompt`, headers: alice.headers })).json()
      .prompt as LastPrompt;
    expect(prompt.parts.find((part) => part.kind === 'memory')).toMatchObject({ message: section, count: 2 });

    // Edited in place, then deleted; a delete sent again is not an error.
    await put(alice, chatId, 'm2', { text: 'The lighthouse has 213 steps.' });
    expect((await remove(alice, chatId, 'm1')).json().memories.map((m: PinnedMemoryView) => m.text)).toEqual([
      'The lighthouse has 213 steps.',
    ]);
    expect((await remove(alice, chatId, 'm1')).statusCode).toBe(200);
  });

  it('travels in the SillyTavern export under a key of its own and reads back on import', async () => {
    const { chatId } = await newChat();
    await put(alice, chatId, 'keep', { text: 'Mira is afraid of the dark.' });
    const file = await exportChat(test, alice, chatId, 'jsonl');
    expect(file.statusCode).toBe(200);
    const header = JSON.parse(file.body.split('\n')[0]!);
    expect(header.chat_metadata.cardchat_memories).toEqual([expect.objectContaining({ id: 'keep', text: 'Mira is afraid of the dark.' })]);
    // Into another account: the same file again into this one is the chat here, and adds nothing.
    const imported = await importFiles(test, bob, [{ name: 'mira.jsonl', bytes: new TextEncoder().encode(file.body) }]);
    expect(imported.statusCode, imported.body).toBe(200);
    const [copy] = imported.json().imported as { chat_id: string }[];
    const again = (await list(bob, copy!.chat_id)).json().memories as PinnedMemoryView[];
    expect(again.map((m) => m.text)).toEqual(['Mira is afraid of the dark.']);
  });

  it("refuses blank, too long or too many memories, another user's chat and a message of another chat", async () => {
    const { chatId } = await newChat();
    const other = await newChat();
    expect((await put(alice, chatId, 'blank', { text: '   ' })).json()).toMatchObject({ error: 'memory_blank' });
    expect((await put(alice, chatId, 'long', { text: 'x'.repeat(MEMORY_LIMITS.textChars + 1) })).statusCode).toBe(400);
    expect((await put(alice, chatId, 'x', { text: 'From elsewhere', message_id: other.userMessageId })).statusCode).toBe(404);
    expect((await put(bob, chatId, 'b', { text: 'Mine now' })).statusCode).toBe(404);
    expect((await list(bob, chatId)).statusCode).toBe(404);
    expect((await remove(bob, chatId, 'b')).statusCode).toBe(404);
    expect((await put(alice, chatId, 'bad/id', { text: 'x' })).statusCode).toBe(404);
    for (let i = 0; i < MEMORY_LIMITS.count; i++) expect((await put(alice, chatId, `n${i}`, { text: `Fact ${i}` })).statusCode).toBe(200);
    const over = await put(alice, chatId, 'one-more', { text: 'Too many' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toContain(`at most ${MEMORY_LIMITS.count} memories`);
  });
});
