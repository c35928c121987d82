/**
 * Issue 14 item 1 on the server: a chat with a card of one's own (private, card_type 'user') works
 * end to end as one with a public card — the prompt is the card's, the character's details and
 * portrait come to its owner, the history lists it, export carries its PNG, delete removes it — and
 * to anyone else that card and that chat answer 404.
 */
import { randomUUID } from 'node:crypto';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCard } from '@core/card/index';
import { testCardPng } from '../support/cards';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI';
import { userOf, type Uploader } from './cards';
import { complete, exportChat, getChat, listChats, ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

describe.each(databases)('a chat with a private card (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let owner: Uploader;
  let other: Uploader;
  let card: string;
  const chatId = randomUUID();

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, { LLM_BASE_URL: fake.baseUrl });
    owner = await userOf(test, 'pim-owner');
    other = await userOf(test, 'stranger');
    card = await ownCard(
      test,
      owner,
      testCardPng({
        name: 'Pim',
        description: '{{char}} tends the lamps of Vell.',
        first_mes: 'Evening, {{user}}.',
        tags: ['lamps', 'night'],
      }),
    );
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const get = (user: Uploader, url: string) => test.app.inject({ method: 'GET', url, headers: user.headers });

  it("answers its owner from the card's own text, and lists the chat as card_type 'user'", async () => {
    const response = await complete(test, owner, { chatId, characterId: card, text: 'Which lamp is first?', greetingIndex: 0 });
    expect(response.statusCode).toBe(200);
    expect(response.json().greeting.content).toBe('Evening, pim-owner.');
    const prompt = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(prompt).toContain('Pim tends the lamps of Vell.');

    const listed = (await listChats(test, owner)).json();
    expect(listed.data).toEqual([
      expect.objectContaining({ chat_id: chatId, character_id: card, character_name: 'Pim', card_type: 'user', message_count: 3 }),
    ]);
    const page = (await getChat(test, owner, { chat_id: chatId })).json();
    expect(page.data.map((m: { role: string }) => m.role)).toEqual(['assistant', 'user', 'assistant']);
  });

  it("gives its owner the character panel's details and portrait", async () => {
    const details = await get(owner, `/api/characters/${card}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({
      file_id: card,
      card_type: 'user',
      tags: ['lamps', 'night'],
      card_data: { data: { name: 'Pim' } },
    });
    expect((await get(owner, `/api/upload/image/tags/user/${card}`)).json()).toMatchObject({ card_name: 'Pim', tags: ['lamps', 'night'] });
    const portrait = await get(owner, `/api/upload/image/thumbnail/${card}/480.webp`);
    expect(portrait.statusCode).toBe(200);
    expect(portrait.headers['content-type']).toBe('image/webp');
  });

  it('exports the chat with the card inside', async () => {
    const response = await exportChat(test, owner, chatId);
    expect(response.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const jsonl = Object.entries(files).find(([name]) => name.endsWith('.jsonl'))!;
    expect(new TextDecoder().decode(jsonl[1])).toContain('Which lamp is first?');
    const png = Object.entries(files).find(([name]) => name.endsWith('.png'))!;
    expect(readCard(png[1]).card.data.name).toBe('Pim');
  });

  it('answers 404 to anyone else for the card and the chat, and starts nothing with them', async () => {
    const requestsBefore = fake.requests.length;
    expect((await complete(test, other, { chatId: randomUUID(), characterId: card, text: 'Let me in' })).statusCode).toBe(404);
    expect((await complete(test, other, { chatId, characterId: card, text: 'Let me in' })).statusCode).toBe(404);
    expect(fake.requests.length).toBe(requestsBefore);
    for (const url of [
      `/api/characters/${card}`,
      `/api/upload/image/tags/user/${card}`,
      `/api/upload/image/thumbnail/${card}/480.webp`,
      `/api/upload/image/user/${card}`,
    ]) {
      expect((await get(other, url)).statusCode, url).toBe(404);
    }
    expect((await getChat(test, other, { chat_id: chatId })).statusCode).toBe(404);
    expect((await exportChat(test, other, chatId)).statusCode).toBe(404);
    expect((await listChats(test, other)).json().total).toBe(0);
  });

  it('deletes the chat for its owner', async () => {
    const deleted = await test.app.inject({
      method: 'POST',
      url: '/api/chats/delete',
      headers: owner.headers,
      payload: { chat_id: chatId },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await listChats(test, owner)).json().total).toBe(0);
    expect((await getChat(test, owner, { chat_id: chatId })).statusCode).toBe(404);
  });
});
