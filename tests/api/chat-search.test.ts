/**
 * Issue 26: chats a person can tell apart (a title, the last message's first line) and search inside
 * them (the engine's full-text index, kept current by the database on every new, edited, deleted and
 * imported message, always scoped to the user), and the page around a found message.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatGetResponse, ChatMessage, ChatSearchResponse, RecentChat } from '@core/contract';
import { MAX_SEARCH_CHARS } from '@core/contract/constants';
import { userOf, type Uploader } from './cards';
import {
  appendMessage,
  chatJsonl,
  deleteFrom,
  deleteMessage,
  editMessage,
  getChat,
  importArchive,
  listChats,
  type JsonlLine,
} from './chat-helpers';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations/index';
import { searchMessages } from '../../server/db/repositories/messageSearch';
import { createTestApp, databases, openTestDb, type TestApp } from './helpers';

const SEARCH_MIGRATION = '2026-11-27T20-40_chat_titles_message_search';

const DAY = 24 * 60 * 60 * 1000;

describe.each(databases)('searching inside chats, titles and the page around a message (%s)', (dialect) => {
  let test: TestApp;
  let alice: Uploader;
  let bob: Uploader;

  beforeAll(async () => {
    test = await createTestApp(dialect, { LLM_DEMO_WORD_DELAY_MS: '0' });
    alice = await userOf(test, 'alice');
    bob = await userOf(test, 'bob');
  });
  afterAll(() => test.close());

  /** Imports one SillyTavern chat of `lines` for `user`; its id. */
  async function importChat(user: Uploader, characterName: string, lines: JsonlLine[], day = 0): Promise<string> {
    const start = Date.UTC(2024, 0, 1) + day * DAY;
    const dated = lines.map((line, i) => ({ send_date: start + (i + 1) * 60_000, ...line }));
    const response = await importArchive(
      test,
      user,
      zipSync({ [`${characterName}.jsonl`]: strToU8(chatJsonl(characterName, dated, start)) }),
    );
    expect(response.statusCode).toBe(200);
    return response.json().imported[0].chat_id as string;
  }

  const search = (user: Uploader, body: Record<string, unknown>) =>
    test.app.inject({ method: 'POST', url: '/api/chats/search', headers: user.headers, payload: body });

  async function found(user: Uploader, q: string): Promise<ChatSearchResponse> {
    const response = await search(user, { q });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const texts = async (user: Uploader, q: string) => (await found(user, q)).data.map((hit) => hit.snippet);

  const rename = (user: Uploader, chatId: string, body: Record<string, unknown>) =>
    test.app.inject({ method: 'PUT', url: `/api/chats/${chatId}`, headers: user.headers, payload: body });

  const messagesOf = async (user: Uploader, chatId: string): Promise<ChatMessage[]> =>
    (await getChat(test, user, { chat_id: chatId, page_size: 100 })).json().data;

  describe('by words in messages', () => {
    let bakery: string;

    beforeAll(async () => {
      bakery = await importChat(alice, 'Baker', [
        { mes: 'Good morning! *dusts flour off her apron*', name: 'Baker' },
        { mes: 'Do you have a croissant left?', is_user: true },
        { mes: 'The last **croissant** is yours, and a pain au chocolat.', name: 'Baker' },
        { mes: 'Merci! See you tomorrow.', is_user: true },
      ]);
      await importChat(alice, 'Sailor', [{ mes: 'The lighthouse keeps its watch over the bay.', name: 'Sailor' }], 1);
      await importChat(bob, 'Thief', [{ mes: "Bob's secret croissant stash is under the floor.", name: 'Thief' }], 2);
    });

    it('finds the messages holding every word, case aside, with a plain snippet, its marks and its chat', async () => {
      const result = await found(alice, 'CROISSANT');
      expect(result.data.map((hit) => hit.snippet)).toEqual([
        'The last croissant is yours, and a pain au chocolat.',
        'Do you have a croissant left?',
      ]);
      const [newest] = result.data;
      expect(newest).toMatchObject({ chat_id: bakery, role: 'assistant', name: 'Baker', seq: 2 });
      expect(newest!.marks).toEqual([[9, 18]]);
      expect(newest!.snippet.slice(9, 18)).toBe('croissant');
      expect(result.chats.map((chat: RecentChat) => chat.chat_id)).toEqual([bakery]);
      expect(result.next).toBeNull();

      expect(await texts(alice, 'croissant yours')).toEqual(['The last croissant is yours, and a pain au chocolat.']);
      expect(await texts(alice, 'croissant tomorrow')).toEqual([]);
      // The last word is the start of one (typing), the others whole.
      expect(await texts(alice, 'light')).toEqual(['The lighthouse keeps its watch over the bay.']);
      expect(await texts(alice, 'light keeps')).toEqual([]);
    });

    it("never finds another user's messages, whatever is asked", async () => {
      expect(await texts(bob, 'croissant')).toEqual(["Bob's secret croissant stash is under the floor."]);
      expect(await texts(alice, 'stash')).toEqual([]);
      // Words that look like the index's own columns or operators are only words.
      expect(await texts(alice, 'owner:* OR stash')).toEqual([]);
      expect(await texts(alice, 'body : stash')).toEqual([]);
    });

    it('takes any text safely: quotes, wildcards, FTS operators, right-to-left scripts, and bounds its length', async () => {
      for (const q of [
        '"croissant',
        "croissant'",
        '%',
        '_',
        '%_%',
        '*',
        'NEAR(croissant',
        'croissant AND',
        'NOT',
        '(',
        ')',
        '^',
        '-',
        ':',
        '\\',
        'שלום',
        'مرحبا',
        '😀',
        '"" \'\' ``',
      ]) {
        const response = await search(alice, { q });
        expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
      }
      expect(await texts(alice, '"croissant"')).toHaveLength(2);
      expect(await texts(alice, '%_%')).toEqual([]);
      expect((await search(alice, { q: 'x'.repeat(MAX_SEARCH_CHARS) })).statusCode).toBe(200);
      expect((await search(alice, { q: 'x'.repeat(MAX_SEARCH_CHARS + 1) })).statusCode).toBe(400);
      expect((await search(alice, { q: '' })).statusCode).toBe(400);
      expect((await search(alice, { q: 'croissant', cursor: "1' or 1=1" })).statusCode).toBe(400);

      const rtl = await importChat(alice, 'Poet', [{ mes: 'שלום עולם, said the poet.', name: 'Poet' }], 3);
      const hits = await found(alice, 'עולם');
      expect(hits.data.map((hit) => hit.chat_id)).toEqual([rtl]);
    });

    it('follows edits, deletes and imports as they happen', async () => {
      const chatId = await importChat(
        alice,
        'Gardener',
        [
          { mes: 'The tulips are blooming.', name: 'Gardener' },
          { mes: 'And the marigolds?', is_user: true },
          { mes: 'Marigolds next week.', name: 'Gardener' },
        ],
        4,
      );
      expect(await texts(alice, 'tulips')).toEqual(['The tulips are blooming.']);
      const [tulips, question] = await messagesOf(alice, chatId);

      expect((await editMessage(test, alice, tulips!.id, { content: 'The daffodils are blooming.' })).statusCode).toBe(200);
      expect(await texts(alice, 'tulips')).toEqual([]);
      expect(await texts(alice, 'daffodils')).toEqual(['The daffodils are blooming.']);

      expect((await deleteMessage(test, alice, tulips!.id)).statusCode).toBe(200);
      expect(await texts(alice, 'daffodils')).toEqual([]);
      expect(await texts(alice, 'marigolds')).toHaveLength(2);
      expect((await deleteFrom(test, alice, { chat_id: chatId, message_id: question!.id })).statusCode).toBe(200);
      expect(await texts(alice, 'marigolds')).toEqual([]);

      expect((await appendMessage(test, alice, { chatId, content: 'Sunflowers, then.' })).statusCode).toBe(201);
      expect(await texts(alice, 'sunflowers')).toEqual(['Sunflowers, then.']);
      const deleted = await test.app.inject({
        method: 'POST',
        url: '/api/chats/delete',
        headers: alice.headers,
        payload: { chat_id: chatId },
      });
      expect(deleted.statusCode).toBe(200);
      expect(await texts(alice, 'sunflowers')).toEqual([]);
    });

    it('leaves out a chat an import is still writing', async () => {
      const chatId = await importChat(alice, 'Halfway', [{ mes: 'Quicksilver moves fast.', name: 'Halfway' }], 5);
      await test.db.kysely.updateTable('chats').set({ importing_since: new Date().toISOString() }).where('id', '=', chatId).execute();
      expect(await texts(alice, 'quicksilver')).toEqual([]);
      await test.db.kysely.updateTable('chats').set({ importing_since: null }).where('id', '=', chatId).execute();
      expect(await texts(alice, 'quicksilver')).toEqual(['Quicksilver moves fast.']);
    });

    it('indexes messages stored by any insert, not only the batches the app writes', async () => {
      const chatId = await importChat(alice, 'Grocer', [{ mes: 'Fresh fruit today.', name: 'Grocer' }], 6);
      const now = new Date().toISOString();
      await sql`insert into messages (id, chat_id, seq, role, content, name, send_date)
        values ('grocer-1', ${chatId}, 1, 'assistant', 'Kumquats by hand.', 'Grocer', ${now}),
               ('grocer-2', ${chatId}, 2, 'assistant', 'More kumquats.', 'Grocer', ${now})`.execute(test.db.kysely);
      expect(await texts(alice, 'kumquats')).toEqual(['More kumquats.', 'Kumquats by hand.']);
      expect(await texts(alice, 'fruit')).toEqual(['Fresh fruit today.']);
      expect(await texts(bob, 'kumquats')).toEqual([]);
    });

    it('pages newest stored first with a cursor', async () => {
      const pager = await userOf(test, 'pager');
      await importChat(
        pager,
        'Echo',
        Array.from({ length: 25 }, (_, i) => ({ mes: `echo number ${i}`, name: 'Echo' })),
      );
      const first = (await search(pager, { q: 'echo', limit: 10 })).json() as ChatSearchResponse;
      expect(first.data.map((hit) => hit.snippet)).toEqual(Array.from({ length: 10 }, (_, i) => `echo number ${24 - i}`));
      const second = (await search(pager, { q: 'echo', limit: 10, cursor: first.next })).json() as ChatSearchResponse;
      const third = (await search(pager, { q: 'echo', limit: 10, cursor: second.next })).json() as ChatSearchResponse;
      expect(second.data[0]!.snippet).toBe('echo number 14');
      expect(third.data.map((hit) => hit.snippet).at(-1)).toBe('echo number 0');
      expect(third.data).toHaveLength(5);
      expect(third.next).toBeNull();
    });

    it('cuts a long message to a snippet around the first word found', async () => {
      const long = `${'Once upon a time there was a quiet village. '.repeat(10)}Then the dragon came. ${'Everyone ran. '.repeat(20)}`;
      await importChat(alice, 'Bard', [{ mes: long, name: 'Bard' }], 6);
      const [hit] = (await found(alice, 'dragon')).data;
      expect(hit!.snippet.startsWith('…')).toBe(true);
      expect(hit!.snippet.endsWith('…')).toBe(true);
      expect(hit!.snippet.length).toBeLessThanOrEqual(180);
      const [start, end] = hit!.marks[0]!;
      expect(hit!.snippet.slice(start, end)).toBe('dragon');
    });
  });

  describe('titles and the list', () => {
    it('names a chat, lists it by its title and the first line of its last message, and finds it by title', async () => {
      const renamer = await userOf(test, 'renamer');
      const first = await importChat(renamer, 'Mira', [{ mes: 'Hello!', name: 'Mira' }], 0);
      const second = await importChat(renamer, 'Mira', [{ mes: '**Welcome back.**\nSecond line', name: 'Mira' }], 1);
      const listed = (await listChats(test, renamer)).json().data as RecentChat[];
      expect(listed.map((chat) => [chat.title, chat.last_message])).toEqual([
        [null, '**Welcome back.**\nSecond line'],
        [null, 'Hello!'],
      ]);

      const renamed = await rename(renamer, first, { title: '  The   lighthouse\nstory  ' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({
        chat_id: first,
        title: 'The lighthouse story',
        character_name: 'Mira',
        last_message: 'Hello!',
      });
      const byTitle = (await listChats(test, renamer, { q: 'LIGHTHOUSE' })).json().data as RecentChat[];
      expect(byTitle.map((chat) => chat.chat_id)).toEqual([first]);
      expect((await listChats(test, renamer, { q: 'mira' })).json().total).toBe(2);

      // A persona change leaves the title alone; a blank title goes back to the character's name.
      expect((await rename(renamer, first, { persona_id: null })).json().title).toBe('The lighthouse story');
      expect((await rename(renamer, first, { title: ' \u202e ' })).json().title).toBeNull();
      expect((await rename(renamer, second, { title: 'x'.repeat(101) })).statusCode).toBe(400);
      expect((await rename(bob, second, { title: 'Mine now' })).statusCode).toBe(404);
      expect((await rename(renamer, second, { title: 'Evening' })).json().title).toBe('Evening');
      expect((await getChat(test, renamer, { chat_id: second })).json().chat.title).toBe('Evening');
    });
  });

  describe('the page around a message', () => {
    let reader: Uploader;
    let chatId: string;
    let all: ChatMessage[];

    beforeAll(async () => {
      reader = await userOf(test, 'around-reader');
      chatId = await importChat(
        reader,
        'Long',
        Array.from({ length: 40 }, (_, i) => ({ mes: `Line ${i}`, name: 'Long' })),
      );
      all = await messagesOf(reader, chatId);
    });

    const page = async (body: Record<string, unknown>): Promise<ChatGetResponse> => {
      const response = await getChat(test, reader, { chat_id: chatId, ...body });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    };
    const lines = (response: ChatGetResponse) => response.data.map((message) => message.content);

    it('answers the messages on both sides of it, and whether the chat goes on past either end', async () => {
      const middle = await page({ around_seq: all[20]!.seq });
      expect(lines(middle)).toEqual(Array.from({ length: 10 }, (_, i) => `Line ${15 + i}`));
      expect(middle).toMatchObject({ has_before: true, has_after: true });
      const start = await page({ around_seq: all[1]!.seq });
      expect(lines(start)).toEqual(Array.from({ length: 10 }, (_, i) => `Line ${i}`));
      expect(start).toMatchObject({ has_before: false, has_after: true });
      const end = await page({ around_seq: all[39]!.seq, page_size: 6 });
      expect(lines(end)).toEqual(['Line 34', 'Line 35', 'Line 36', 'Line 37', 'Line 38', 'Line 39']);
      expect(end).toMatchObject({ has_before: true, has_after: false });
    });

    it('reads on after a message, and says where the chat ends', async () => {
      const after = await page({ after_seq: all[30]!.seq });
      expect(lines(after)).toEqual(Array.from({ length: 9 }, (_, i) => `Line ${31 + i}`));
      expect(after).toMatchObject({ has_before: true, has_after: false });
      const newest = await page({});
      expect(newest).toMatchObject({ has_before: true, has_after: false });
      const oldest = await page({ before_seq: all[10]!.seq });
      expect(oldest).toMatchObject({ has_before: false, has_after: true });
      const nothing = await page({ before_seq: all[0]!.seq });
      expect(nothing).toMatchObject({ data: [], has_before: false, has_after: false });
      expect((await getChat(test, bob, { chat_id: chatId, around_seq: 3 })).statusCode).toBe(404);
    });
  });

  it('indexes the messages stored before the index was made', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-search-'));
    const opened = await openTestDb(dialect, dataDir);
    try {
      const names = Object.keys(migrations);
      const before = names[names.indexOf(SEARCH_MIGRATION) - 1]!;
      const migrator = new Migrator({
        db: opened.db.kysely,
        provider: { getMigrations: async () => migrations },
        ...(opened.schema ? { migrationTableSchema: opened.schema } : {}),
      });
      expect((await migrator.migrateTo(before)).error).toBeUndefined();
      const now = new Date().toISOString();
      const db = opened.db.kysely;
      for (const id of ['old-user', 'other-user']) {
        await db
          .insertInto('users')
          .values({
            id,
            issuer: 'https://id.example',
            subject: id,
            email: null,
            name: null,
            picture: null,
            created_at: now,
            updated_at: now,
          })
          .execute();
      }
      for (const [chat, user, text] of [
        ['old-chat', 'old-user', 'An old message about zeppelins'],
        ['other-chat', 'other-user', 'Zeppelins elsewhere'],
      ]) {
        await sql`insert into chats (id, user_id, character_name, card_type, last_message_at, created_at, updated_at) values (${chat}, ${user}, 'Old', 'public', ${now}, ${now}, ${now})`.execute(
          db,
        );
        await sql`insert into messages (id, chat_id, seq, role, content, name, send_date) values (${`${chat}-m`}, ${chat}, 0, 'assistant', ${text}, 'Old', ${now})`.execute(
          db,
        );
      }
      await migrateToLatest(opened.db);
      const hits = await searchMessages(db, 'old-user', ['zeppelins'], { limit: 10 });
      expect(hits.map((hit) => hit.id)).toEqual(['old-chat-m']);
    } finally {
      await opened.db.close();
      await opened.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
