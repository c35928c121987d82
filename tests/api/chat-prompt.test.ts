import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LastPrompt } from '@core/contract';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import type { Uploader } from './cards';
import { chatTestBed, complete } from './chat-helpers';
import { databases, type TestApp } from './helpers';

const fields = {
  name: 'Mira',
  description: 'A lighthouse keeper.',
  extensions: { depth_prompt: { prompt: 'Mira hides a secret.', depth: 1, role: 'system' } },
  character_book: {
    entries: [{ id: 7, comment: 'Storms', keys: ['storm'], content: 'A storm is coming.', enabled: true, insertion_order: 100 }],
  },
};

describe.each(databases)("a chat's last prompt, part by part (%s)", (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;
  let card: string;

  beforeAll(async () => {
    // A small window, so a few messages overflow it and older history is left out.
    ({ fake, test, alice, bob, card } = await chatTestBed(dialect, { LLM_CONTEXT_TOKENS: '700', LLM_MAX_TOKENS: '200' }, fields));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const promptOf = (user: Uploader, chatId: string) =>
    test.app.inject({ method: 'GET', url: `/api/chats/${chatId}/prompt`, headers: user.headers });

  it('shows the parts of the request the AI was sent, in its order, with the lorebook entry and the key that fired it', async () => {
    const chatId = randomUUID();
    expect((await complete(test, alice, { chatId, characterId: card, text: 'Is a storm coming?' })).statusCode).toBe(200);
    const response = await promptOf(alice, chatId);
    expect(response.statusCode, response.body).toBe(200);
    const prompt = response.json().prompt as LastPrompt;
    const sent = fake.requests.at(-1)!.body.messages as { content: string }[];
    expect(prompt).toMatchObject({ context_tokens: 700, reply_tokens: 200, history_messages: 1, dropped_history: 0 });
    const kinds = prompt.parts.map((part) => part.kind);
    expect(kinds).toEqual(expect.arrayContaining(['description', 'lore', 'new_chat', 'history', 'character_note']));
    expect(kinds.indexOf('description')).toBeLessThan(kinds.indexOf('history'));
    const lore = prompt.parts.find((part) => part.kind === 'lore')!;
    expect(lore.lore).toMatchObject({ comment: 'Storms', key: 'storm', reason: 'key' });
    expect(sent[lore.message!]!.content).toContain('A storm is coming.');
    const note = prompt.parts.find((part) => part.kind === 'character_note')!;
    expect(note).toMatchObject({ depth: 1, role: 'system' });
    expect(sent[note.message!]!.content).toContain('Mira hides a secret.');
    // Every message sent is some part's.
    expect(new Set(prompt.parts.map((part) => part.message).filter((m) => m !== null))).toEqual(new Set(sent.map((_, i) => i)));
  });

  it('counts the older messages left out once the history outgrows the window', async () => {
    const chatId = randomUUID();
    const long = 'The tide rises over the rocks and the gulls cry out across the water. '.repeat(6);
    await complete(test, alice, { chatId, characterId: card, text: long });
    for (let i = 0; i < 4; i++) await complete(test, alice, { chatId, text: `${i} ${long}` });
    const prompt = (await promptOf(alice, chatId)).json().prompt as LastPrompt;
    expect(prompt.history_messages).toBe(9);
    expect(prompt.dropped_history).toBeGreaterThan(0);
    const history = prompt.parts.find((part) => part.kind === 'history' && part.message === null);
    expect(history?.dropped).toBe(prompt.dropped_history);
    expect(prompt.estimated_tokens).toBeLessThanOrEqual(500);
  });

  it("answers 404 for another user's chat or one that does not exist", async () => {
    const chatId = randomUUID();
    await complete(test, alice, { chatId, characterId: card, text: 'Hello' });
    expect((await promptOf(bob, chatId)).statusCode).toBe(404);
    expect((await promptOf(alice, randomUUID())).statusCode).toBe(404);
    expect((await promptOf(alice, 'not an id')).statusCode).toBe(400);
  });
});
