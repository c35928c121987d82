import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete, exportChat, importFiles } from './chat-helpers';
import { databases, type TestApp } from './helpers';

const fields = {
  name: 'Mira',
  description: 'A lighthouse keeper.',
  extensions: { depth_prompt: { prompt: 'Mira hides a secret.', depth: 1 } },
};

describe.each(databases)("a chat's author's note (%s)", (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    ({ fake, test, alice, bob, card } = await chatTestBed(dialect, {}, fields));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const url = (chatId: string) => `/api/chats/${chatId}/note`;
  const put = (user: Uploader, chatId: string, body: object) =>
    test.app.inject({ method: 'PUT', url: url(chatId), headers: user.headers, payload: body });
  const sent = () => (fake.requests.at(-1)!.body.messages as { role: string; content: string }[]).map((m) => m.content);

  it("goes into the prompt at its depth beside the card's note, every N-th message, and travels in SillyTavern's keys", async () => {
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'One.' });
    expect((await test.app.inject({ method: 'GET', url: url(chatId), headers: alice.headers })).json()).toEqual({
      text: '',
      depth: 4,
      interval: 1,
      role: 'system',
    });
    const saved = await put(alice, chatId, { text: ' Keep the storm in view. ', depth: 2, interval: 2, role: 'system' });
    expect(saved.json()).toEqual({ text: 'Keep the storm in view.', depth: 2, interval: 2, role: 'system' });

    await complete(test, alice, { chatId, text: 'Two.' });
    const two = sent();
    expect(two.slice(two.indexOf('Keep the storm in view.') + 1)).toEqual([expect.any(String), 'Mira hides a secret.', 'Two.']);
    await complete(test, alice, { chatId, text: 'Three.' });
    expect(sent()).not.toContain('Keep the storm in view.');
    expect(sent()).toContain('Mira hides a secret.');

    const file = await exportChat(test, alice, chatId, 'jsonl');
    const header = JSON.parse(file.body.split('\n')[0]!);
    expect(header.chat_metadata).toMatchObject({
      note_prompt: 'Keep the storm in view.',
      note_depth: 2,
      note_interval: 2,
      note_position: 1,
      note_role: 0,
    });
    // Into another account: the same file again into this one is the chat here, and adds nothing.
    const imported = await importFiles(test, bob, [{ name: 'mira.jsonl', bytes: new TextEncoder().encode(file.body) }]);
    const [copy] = imported.json().imported as { chat_id: string }[];
    expect((await test.app.inject({ method: 'GET', url: url(copy!.chat_id), headers: bob.headers })).json()).toMatchObject({
      text: 'Keep the storm in view.',
      depth: 2,
      interval: 2,
    });
  });

  it("refuses numbers out of range, a note too long, and another user's chat", async () => {
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'Hello.' });
    const base = { text: 'x', depth: 2, interval: 1, role: 'system' };
    expect((await put(alice, chatId, { ...base, depth: 1001 })).statusCode).toBe(400);
    expect((await put(alice, chatId, { ...base, interval: -1 })).statusCode).toBe(400);
    expect((await put(alice, chatId, { ...base, text: 'x'.repeat(2001) })).statusCode).toBe(400);
    expect((await put(bob, chatId, base)).statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: url(chatId), headers: bob.headers })).statusCode).toBe(404);
  });
});
