import { randomUUID } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage, RecentChat } from '@core/contract';
import { updateUser } from '../../server/db/repositories/users';
import { testCardPng } from '../support/cards';
import { upload, userOf, type Uploader } from './cards';
import { appendMessage, chatJsonl, complete, getChat, importArchive, listChats, ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

const ADMIN = 'admin@example.com';
const DAY = 24 * 60 * 60 * 1000;
const names = (chats: RecentChat[]) => chats.map((c) => c.character_name);
const contents = (messages: ChatMessage[]) => messages.map((m) => m.content);

describe.each(databases)('chats, messages and chat links of cards (%s)', (dialect) => {
  let test: TestApp;
  let bob: Uploader;

  beforeAll(async () => {
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN, LLM_DEMO_WORD_DELAY_MS: '0' });
    bob = await userOf(test, 'bob');
  });
  afterAll(() => test.close());

  /** A chat with a new card of the user's: the card's file_id and the chat's id. */
  async function chatWithNewCard(user: Uploader, name: string, text = 'Hello there') {
    const card = await ownCard(test, user, testCardPng({ name }));
    const chatId = randomUUID();
    const response = await complete(test, user, { chatId, characterId: card, text });
    expect(response.statusCode).toBe(200);
    return { card, chatId };
  }

  describe('the recent list', () => {
    let lister: Uploader;
    const dated = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta%Max', 'Eta_One', 'Theta'];

    beforeAll(async () => {
      lister = await userOf(test, 'lister');
      // Imported chats keep their dates, so the order below does not depend on the clock.
      const files = Object.fromEntries(
        dated.map((name, i) => {
          const day = Date.UTC(2024, 0, 1) + i * DAY;
          return [`chat-${i}.jsonl`, strToU8(chatJsonl(name, [{ mes: `Message of ${name}`, send_date: day + 1000 }], day))];
        }),
      );
      const imported = await importArchive(test, lister, zipSync(files));
      expect(imported.statusCode).toBe(200);
    });

    it('answers an empty list to a new user', async () => {
      const response = await listChats(test, await userOf(test, 'newcomer'));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ success: true, data: [], page: 1, total: 0 });
    });

    it('lists newest first by last message, five a page, with total and total_pages', async () => {
      const first = (await listChats(test, lister)).json();
      expect(first).toMatchObject({ page: 1, page_size: 5, total: 8, total_pages: 2 });
      expect(names(first.data)).toEqual(['Theta', 'Eta_One', 'Zeta%Max', 'Epsilon', 'Delta']);
      const second = (await listChats(test, lister, { page: 2 })).json();
      expect(second).toMatchObject({ page: 2, page_size: 5, total: 8, total_pages: 2 });
      expect(names(second.data)).toEqual(['Gamma', 'Beta', 'Alpha']);
      expect(second.data[0]).toMatchObject({ message_count: 1, character_id: null, filename: 'Gamma.jsonl' });
      expect(second.data[0].last_message_time).toBe(new Date(Date.UTC(2024, 0, 3) + 1000).toISOString());
    });

    it('filters by character name case-insensitively, taking % and _ literally', async () => {
      const query = async (q: string) => (await listChats(test, lister, { q, page_size: 50 })).json();
      const alpha = await query('aLPH');
      expect(names(alpha.data)).toEqual(['Alpha']);
      expect(alpha.total).toBe(1);
      expect(names((await query('ETA')).data)).toEqual(['Theta', 'Eta_One', 'Zeta%Max', 'Beta']);
      expect(names((await query('%')).data)).toEqual(['Zeta%Max']);
      expect(names((await query('_')).data)).toEqual(['Eta_One']);
      expect((await query('nobody')).total).toBe(0);
    });

    it('moves a chat to the top when it gets a new message', async () => {
      const alpha = (await listChats(test, lister, { q: 'alpha' })).json().data[0] as RecentChat;
      expect((await appendMessage(test, lister, { chatId: alpha.chat_id, content: 'Back again' })).statusCode).toBe(201);
      const first = (await listChats(test, lister)).json();
      expect(names(first.data)).toEqual(['Alpha', 'Theta', 'Eta_One', 'Zeta%Max', 'Epsilon']);
      expect(first.data[0].message_count).toBe(2);
    });

    it('filters by character_id', async () => {
      const filterer = await userOf(test, 'filterer');
      const mine = await chatWithNewCard(filterer, 'Mira');
      await chatWithNewCard(filterer, 'Other');
      const response = (await listChats(test, filterer, { character_id: mine.card })).json();
      expect(response.total).toBe(1);
      expect(response.data[0]).toMatchObject({ chat_id: mine.chatId, character_id: mine.card, character_name: 'Mira', card_type: 'user' });
      expect((await listChats(test, filterer)).json().total).toBe(2);
    });
  });

  it('pages a chat of 30 messages: newest 10 first, each page oldest first, or by before_seq', async () => {
    const reader = await userOf(test, 'reader');
    const { chatId } = await chatWithNewCard(reader, 'Pager', 'Message 1');
    for (let i = 3; i <= 30; i += 1) {
      expect((await appendMessage(test, reader, { chatId, content: `Message ${i}` })).statusCode).toBe(201);
    }
    const page = async (body: Record<string, unknown>) => {
      const response = await getChat(test, reader, { chat_id: chatId, ...body });
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const first = await page({});
    expect(first).toMatchObject({ page: 1, page_size: 10, total: 30, total_pages: 3 });
    expect(first.chat).toMatchObject({ chat_id: chatId, message_count: 30, character_name: 'Pager' });
    const expected = (from: number) => Array.from({ length: 10 }, (_, i) => `Message ${from + i}`);
    expect(contents(first.data)).toEqual(expected(21));
    const second = await page({ page: 2 });
    expect(contents(second.data)).toEqual(expected(11));
    const third = await page({ page: 3 });
    expect(contents(third.data).slice(0, 1)).toEqual(['Message 1']);
    expect(contents(third.data).slice(2)).toEqual(expected(3).slice(0, 8));
    expect(third.data[1].role).toBe('assistant');
    const seqs = [...third.data, ...second.data, ...first.data].map((m: ChatMessage) => m.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    expect(new Set(seqs).size).toBe(30);

    const before = await page({ before_seq: second.data[0].seq });
    expect(before.data).toEqual(third.data);
    const middle = await page({ before_seq: first.data[5].seq });
    expect(contents(middle.data)).toEqual(expected(16));
    expect((await getChat(test, reader, { chat_id: randomUUID() })).statusCode).toBe(404);
  });

  it('deletes a chat with its messages, and answers 404 the second time', async () => {
    const deleter = await userOf(test, 'chat-deleter');
    const { chatId } = await chatWithNewCard(deleter, 'Brief');
    const messages = (await getChat(test, deleter, { chat_id: chatId })).json().data as ChatMessage[];
    const remove = () =>
      test.app.inject({ method: 'POST', url: '/api/chats/delete', headers: deleter.headers, payload: { chat_id: chatId } });
    const removed = await remove();
    expect(removed.statusCode).toBe(200);
    expect(removed.json().success).toBe(true);
    for (const message of messages) {
      expect((await test.app.inject({ method: 'GET', url: `/api/messages/${message.id}`, headers: deleter.headers })).statusCode).toBe(404);
    }
    expect((await getChat(test, deleter, { chat_id: chatId })).statusCode).toBe(404);
    expect((await listChats(test, deleter)).json().total).toBe(0);
    expect((await remove()).statusCode).toBe(404);
  });

  it('adds and reads single messages of the own chats only', async () => {
    const writer = await userOf(test, 'writer');
    const { chatId } = await chatWithNewCard(writer, 'Scribe');
    const added = await appendMessage(test, writer, { chatId, content: '  A note  ', timestamp: '2020-05-05T10:00:00.000Z' });
    expect(added.statusCode).toBe(201);
    const message = added.json();
    expect(message).toEqual({
      id: expect.any(String),
      chat_id: chatId,
      seq: expect.any(Number),
      role: 'user',
      content: 'A note',
      name: 'writer',
      send_date: '2020-05-05T10:00:00.000Z',
      client_id: null,
    });
    const read = await test.app.inject({ method: 'GET', url: `/api/messages/${message.id}`, headers: writer.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(message);

    expect((await test.app.inject({ method: 'GET', url: `/api/messages/${message.id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await appendMessage(test, bob, { chatId, content: 'Intruder' })).statusCode).toBe(404);
    expect((await appendMessage(test, writer, { chatId: randomUUID(), content: 'Nowhere' })).statusCode).toBe(404);
    const empty = await appendMessage(test, writer, { chatId, content: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBeTruthy();

    const future = (
      await appendMessage(test, writer, { chatId, content: 'From the future', timestamp: '2999-01-01T00:00:00.000Z' })
    ).json();
    expect(future.send_date).not.toBe('2999-01-01T00:00:00.000Z');
    expect(Date.parse(future.send_date)).toBeLessThanOrEqual(Date.now());
    const chat = (await getChat(test, writer, { chat_id: chatId })).json();
    expect(contents(chat.data)).toEqual(['Hello there', expect.any(String), 'A note', 'From the future']);
    expect(Date.parse(chat.chat.last_message_time)).toBeLessThanOrEqual(Date.now());
  });

  describe('the demo AI', () => {
    it('replies in character, the same way to the same message in another chat', async () => {
      const fan = await userOf(test, 'fan');
      const card = await ownCard(test, fan, testCardPng({ name: 'Nimbus', personality: 'dreamy, kind' }));
      const first = await complete(test, fan, { chatId: randomUUID(), characterId: card, text: 'Tell me about the sky' });
      expect(first.statusCode).toBe(200);
      const reply = first.json();
      expect(reply.message).toContain('Nimbus');
      expect(reply.message).toContain('fan');
      expect(reply.reply).toMatchObject({ role: 'assistant', name: 'Nimbus', content: reply.message });
      const second = await complete(test, fan, { chatId: randomUUID(), characterId: card, text: 'Tell me about the sky' });
      expect(second.json().message).toBe(reply.message);
      const other = await complete(test, fan, { chatId: randomUUID(), characterId: card, text: 'Something else entirely' });
      expect(other.json().message).not.toBe(reply.message);
    });

    it('is what /api/config reports, without images', async () => {
      const config = (await test.app.inject({ method: 'GET', url: '/api/config' })).json();
      expect(config.ai).toBe('demo');
      expect(config.images).toBe(false);
    });
  });

  describe('chats of a card', () => {
    const usage = (user: Uploader, id: string) =>
      test.app.inject({ method: 'GET', url: `/api/character-replacement/character-usage/${id}`, headers: user.headers });

    it('says whether the user has chats with a card, and hides other users’ private cards', async () => {
      const user = await userOf(test, 'usage');
      const card = await ownCard(test, user, testCardPng({ name: 'Ursa' }));
      expect((await usage(user, card)).json()).toEqual({ has_chats: false, chat_count: 0, character_name: 'Ursa' });
      await complete(test, user, { chatId: randomUUID(), characterId: card, text: 'One' });
      await complete(test, user, { chatId: randomUUID(), characterId: card, text: 'Two' });
      expect((await usage(user, card)).json()).toEqual({ has_chats: true, chat_count: 2, character_name: 'Ursa' });
      expect((await usage(bob, card)).statusCode).toBe(404);
    });

    it("deletes only the caller's chats with a card, not other users' chats with the same public card", async () => {
      const admin = await userOf(test, 'admin', ADMIN);
      const published = await upload(test, admin, testCardPng({ name: 'Publica' }), { public_release: 'true' });
      expect(published.statusCode).toBe(200);
      const shared = published.json().data.file_id as string;
      const caller = await userOf(test, 'caller');
      const keeper = await userOf(test, 'keeper');
      for (const user of [caller, caller, keeper]) {
        expect((await complete(test, user, { chatId: randomUUID(), characterId: shared, text: 'Hi' })).statusCode).toBe(200);
      }
      const own = await chatWithNewCard(caller, 'Private Pal');
      expect((await usage(keeper, shared)).json()).toMatchObject({ has_chats: true, chat_count: 1, character_name: 'Publica' });

      const deleted = await test.app.inject({
        method: 'DELETE',
        url: `/api/character-replacement/character-chats/${shared}`,
        headers: caller.headers,
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true, deleted: 2 });
      const callers = (await listChats(test, caller)).json();
      expect(callers.data.map((c: RecentChat) => c.chat_id)).toEqual([own.chatId]);
      const keepers = (await listChats(test, keeper)).json();
      expect(keepers.total).toBe(1);
      expect(keepers.data[0]).toMatchObject({ character_id: shared, card_type: 'public' });
      expect((await usage(caller, shared)).json()).toMatchObject({ has_chats: false, chat_count: 0 });
    });

    it('keeps the chats of a deleted card readable, without the link but with the name', async () => {
      const user = await userOf(test, 'dropper');
      const { card, chatId } = await chatWithNewCard(user, 'Gone Girl');
      const removed = await test.app.inject({ method: 'DELETE', url: `/api/upload/images/user/${card}`, headers: user.headers });
      expect(removed.statusCode).toBe(200);
      const list = (await listChats(test, user)).json();
      expect(list.data).toHaveLength(1);
      expect(list.data[0]).toMatchObject({ chat_id: chatId, character_id: null, character_name: 'Gone Girl', avatar_url: null });
      const chat = await getChat(test, user, { chat_id: chatId });
      expect(chat.statusCode).toBe(200);
      expect(contents(chat.json().data)).toEqual(['Hello there', expect.stringContaining('Gone Girl')]);
    });

    it('moves the chats to the new card when a replacement asks for update_chat_links', async () => {
      const payer = await userOf(test, 'payer');
      const profile = (await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: payer.headers })).json();
      await updateUser(test.db.kysely, profile.uid, { plan: 'monthly' });
      const { card, chatId } = await chatWithNewCard(payer, 'Before');
      const jpeg = await sharp({ create: { width: 20, height: 30, channels: 3, background: { r: 10, g: 90, b: 200 } } })
        .jpeg()
        .toBuffer();
      const replaced = await test.app.inject({
        method: 'POST',
        url: '/api/character-replacement/replace',
        headers: payer.headers,
        payload: { original_file_id: card, new_image: `data:image/jpeg;base64,${jpeg.toString('base64')}`, update_chat_links: true },
      });
      expect(replaced.statusCode).toBe(200);
      const newId = replaced.json().data.file_id as string;
      expect(newId).not.toBe(card);
      const linked = (await listChats(test, payer, { character_id: newId })).json();
      expect(linked.data.map((c: RecentChat) => c.chat_id)).toEqual([chatId]);
      const chat = (await getChat(test, payer, { chat_id: chatId })).json();
      expect(chat.chat).toMatchObject({ character_id: newId, character_name: 'Before', message_count: 2 });
      expect(contents(chat.data)[0]).toBe('Hello there');
    });
  });
});
