import { strToU8, unzipSync, zipSync, type Zippable } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readCard } from '@core/card/index';
import type { ChatMessage } from '@core/contract';
import { PIP_CHAT_FILE, pipChatText } from '../fixtures/ecosystem';
import { testCardPng } from '../support/cards';
import { multipartBody, userOf, type Uploader } from './cards';
import { appendMessage, chatJsonl, exportChat, getChat, importArchive, listChats, ownCard } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';

/** A chat file in SillyTavern's own layout (tests/fixtures). */
const PIP = strToU8(pipChatText());
const MiB = 1024 * 1024;

/** What a chat's messages say, without the ids and seqs a new chat gets. */
const said = (messages: ChatMessage[]) => messages.map(({ role, name, content, send_date }) => ({ role, name, content, send_date }));

describe.each(databases)('chat export and import (%s)', (dialect) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(dialect, { LLM_DEMO_WORD_DELAY_MS: '0' });
  });
  afterAll(() => test.close());

  const allMessages = async (user: Uploader, chatId: string) => {
    const response = await getChat(test, user, { chat_id: chatId, page_size: 100 });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** Imports the archive and answers its one imported chat. */
  async function importOne(user: Uploader, zip: Uint8Array) {
    const response = await importArchive(test, user, zip);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: 'Chat data has been imported successfully.' });
    expect(body.imported).toHaveLength(1);
    return body.imported[0] as { chat_id: string; character_name: string; character_id: string | null; message_count: number };
  }

  async function exported(user: Uploader, chatId: string) {
    const response = await exportChat(test, user, chatId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment;.*\.zip/);
    return unzipSync(new Uint8Array(response.rawPayload));
  }

  describe('a round trip', () => {
    let alice: Uploader;
    let bob: Uploader;
    let png: Uint8Array;
    let card: string;
    let source: string;
    let first: Record<string, Uint8Array>;
    // Near the 32,000 characters an imported message may have, with what JSON must escape.
    const long = 'Ünïcødé "quoted" \\ line\n'.repeat(1_333);

    beforeAll(async () => {
      alice = await userOf(test, 'alice');
      bob = await userOf(test, 'bob');
      png = testCardPng({ name: 'Émilie 🌸' });
      card = await ownCard(test, alice, png);
      // The API takes at most 1000 characters a message, so the long one arrives in an archive.
      const jsonl = chatJsonl('Émilie 🌸', [
        { mes: 'Grüße, Émilie! 👋\nZweite Zeile', is_user: true, send_date: Date.UTC(2024, 1, 2, 3, 4, 5, 678) },
        { mes: `She said "hi" — 'quoted' \\ back\tslash\r\nand 日本語 🇯🇵`, send_date: Date.UTC(2024, 1, 2, 3, 5) },
        { mes: long, send_date: Date.UTC(2024, 1, 2, 3, 6) },
        { mes: 'A note from the system', is_system: true, send_date: Date.UTC(2024, 1, 2, 3, 7) },
      ]);
      const crafted = await importOne(alice, zipSync({ 'Émilie.jsonl': strToU8(jsonl), 'Émilie.png': png }));
      expect(crafted).toMatchObject({ character_name: 'Émilie 🌸', character_id: card, message_count: 4 });
      source = crafted.chat_id;
      const added = await appendMessage(test, alice, { chatId: source, content: 'Via the API: 🎉 "quotes"\n\'single\' and\nnewlines' });
      expect(added.statusCode).toBe(201);
      first = await exported(alice, source);
    });

    it('exports one .jsonl and the card .png', async () => {
      const names = Object.keys(first);
      expect(names).toHaveLength(2);
      const jsonl = names.find((name) => name.endsWith('.jsonl'))!;
      expect(names.find((name) => name.endsWith('.png'))).toBeDefined();
      expect(first[names.find((name) => name.endsWith('.png'))!]).toEqual(png);
      const lines = new TextDecoder().decode(first[jsonl]).trimEnd().split('\n');
      expect(lines).toHaveLength(6);
      expect(JSON.parse(lines[0]!)).toMatchObject({ character_name: 'Émilie 🌸' });
      expect(JSON.parse(lines[3]!).mes).toBe(long);
    });

    it('imports as a new chat of the importer, linked to the same card, and exports the same entries again', async () => {
      const original = await allMessages(alice, source);
      // While the chat is here, its file adds nothing (another test shows it): deleted first, it comes back whole.
      expect(
        (await test.app.inject({ method: 'POST', url: '/api/chats/delete', headers: alice.headers, payload: { chat_id: source } }))
          .statusCode,
      ).toBe(200);
      const copy = await importOne(alice, zipSync(first));
      expect(copy.chat_id).not.toBe(source);
      expect(copy).toMatchObject({ character_name: 'Émilie 🌸', character_id: card, message_count: 5 });
      const imported = await allMessages(alice, copy.chat_id);
      expect(imported.data).toHaveLength(5);
      expect(said(imported.data)).toEqual(said(original.data));
      // is_system is SillyTavern's "hidden from the model": a character's message, kept hidden.
      expect(imported.data.map((m: ChatMessage) => [m.role, m.hidden ?? false])).toEqual([
        ['user', false],
        ['assistant', false],
        ['assistant', false],
        ['assistant', true],
        ['user', false],
      ]);
      expect(imported.chat).toMatchObject({ character_id: card, size: original.chat.size, message_count: 5 });

      const again = await exported(alice, copy.chat_id);
      expect(Object.keys(again).sort()).toEqual(Object.keys(first).sort());
      for (const name of Object.keys(first)) expect(Buffer.from(again[name]!).equals(Buffer.from(first[name]!)), name).toBe(true);
    });

    it("refuses to export another user's chat, and an import always belongs to the importer", async () => {
      expect((await exportChat(test, bob, source)).statusCode).toBe(404);
      const before = (await listChats(test, alice)).json().total;
      const bobs = await importOne(bob, zipSync(first));
      // Alice's card is private: Bob's copy links to his own copy of the card the archive carried.
      expect(bobs.character_id).not.toBeNull();
      expect(bobs.character_id).not.toBe(card);
      expect((await listChats(test, bob)).json().data.map((c: { chat_id: string }) => c.chat_id)).toEqual([bobs.chat_id]);
      expect((await listChats(test, alice)).json().total).toBe(before);
      expect((await getChat(test, alice, { chat_id: bobs.chat_id })).statusCode).toBe(404);
      expect((await listChats(test, await userOf(test, 'carol'))).json().total).toBe(0);
    });
  });

  describe('a SillyTavern file', () => {
    const lines = pipChatText()
      .split(/\r?\n/)
      .filter((line) => line.trim())
      .slice(1)
      .map((line) => JSON.parse(line));
    const roles = lines.map((line) => (line.is_user ? 'user' : line.extra?.type === 'narrator' ? 'system' : 'assistant'));

    it('imports with its character, its messages and their roles', async () => {
      const user = await userOf(test, 'pip-reader');
      const chat = await importOne(user, zipSync({ [PIP_CHAT_FILE]: PIP }));
      expect(chat).toMatchObject({ character_name: 'Pip', character_id: null, message_count: lines.length });
      const read = await allMessages(user, chat.chat_id);
      expect(read.data.map((m: ChatMessage) => m.role)).toEqual(roles);
      expect(read.data.map((m: ChatMessage) => m.content)).toEqual(lines.map((line) => line.mes));
      expect(read.chat.character_name).toBe('Pip');
    });

    it("links to the user's card of the same name", async () => {
      const user = await userOf(test, 'pip-owner');
      const card = await ownCard(test, user, testCardPng({ name: 'Pip' }));
      const chat = await importOne(user, zipSync({ [PIP_CHAT_FILE]: PIP }));
      expect(chat.character_id).toBe(card);
      expect((await listChats(test, user, { character_id: card })).json().total).toBe(1);
    });
  });

  describe('archives with several chats, or a card nobody has', () => {
    it("links only the chat named after the archive's one card", async () => {
      const user = await userOf(test, 'several');
      const zip = zipSync({
        'Aqua.jsonl': strToU8(chatJsonl('Aqua', [{ is_user: true, mes: 'Hi Aqua' }])),
        'Bob.jsonl': strToU8(chatJsonl('Bob', [{ is_user: true, mes: 'Hi Bob' }])),
        'Aqua.png': testCardPng({ name: 'Aqua' }),
      });
      const response = await importArchive(test, user, zip);
      expect(response.statusCode).toBe(200);
      const bob = (response.json().imported as { character_name: string; chat_id: string }[]).find((c) => c.character_name === 'Bob')!;
      const exportedBob = await exported(user, bob.chat_id);
      expect(Object.keys(exportedBob).some((name) => name.endsWith('.png'))).toBe(false);
    });

    it("stores a card only the archive has in the importer's Collections and links its chat, so another account gets both", async () => {
      const user = await userOf(test, 'carrier');
      const card = testCardPng({ name: 'Nobody Else', description: 'Only in this archive.' });
      const chat = await importOne(
        user,
        zipSync({ 'Nobody Else.jsonl': strToU8(chatJsonl('Nobody Else', [{ mes: 'Hello' }])), 'card.png': card }),
      );
      expect(chat.character_id).not.toBeNull();
      const collection = await test.app.inject({ method: 'GET', url: '/api/collections', headers: user.headers });
      expect(collection.json().data.map((c: { file_id: string }) => c.file_id)).toContain(chat.character_id);
      const entries = await exported(user, chat.chat_id);
      const pngName = Object.keys(entries).find((name) => name.endsWith('.png'))!;
      expect(readCard(entries[pngName]!).card.data).toMatchObject({ name: 'Nobody Else', description: 'Only in this archive.' });
    });

    it('lists a card the plan has no slot for by name, and its chat still comes in carrying it', async () => {
      const user = await userOf(test, 'full-slots');
      for (let i = 0; i < 5; i++) await ownCard(test, user, testCardPng({ name: `Slot ${i}` }));
      const zip = zipSync({ 'Extra.jsonl': strToU8(chatJsonl('Extra', [{ mes: 'Hi' }])), 'Extra.png': testCardPng({ name: 'Extra' }) });
      const response = await importArchive(test, user, zip);
      expect(response.statusCode).toBe(200);
      expect(response.json().imported[0]).toMatchObject({ character_name: 'Extra', character_id: null });
      expect(response.json().skipped).toEqual([{ name: 'Extra.png', reason: expect.stringContaining('5 private cards') }]);
    });
  });

  describe('importing again', () => {
    const lines = [
      { mes: 'Hello', is_user: true, send_date: Date.UTC(2024, 0, 1, 1) },
      { mes: 'Hi there', send_date: Date.UTC(2024, 0, 1, 2) },
    ];
    const later = [
      ...lines,
      { mes: 'Still here?', is_user: true, send_date: Date.UTC(2024, 0, 2) },
      { mes: 'Always.', send_date: Date.UTC(2024, 0, 3) },
    ];

    it('adds nothing for a chat already here, and only the new messages of a newer copy', async () => {
      const user = await userOf(test, 'again');
      const first = await importOne(user, zipSync({ 'Ren.jsonl': strToU8(chatJsonl('Ren', lines)) }));
      const same = await importArchive(test, user, zipSync({ 'Ren.jsonl': strToU8(chatJsonl('Ren', lines)) }));
      expect(same.json()).toMatchObject({
        imported: [],
        skipped: [{ name: 'Ren.jsonl', reason: expect.stringContaining('Already here') }],
      });
      expect((await listChats(test, user)).json().total).toBe(1);

      const newer = await importArchive(test, user, zipSync({ 'Ren.jsonl': strToU8(chatJsonl('Ren', later)) }));
      expect(newer.json().imported).toEqual([expect.objectContaining({ chat_id: first.chat_id, message_count: 2 })]);
      const chats = (await listChats(test, user)).json();
      expect(chats.total).toBe(1);
      expect(chats.data[0]).toMatchObject({ message_count: 4 });
      const { data: messages } = await allMessages(user, first.chat_id);
      expect(messages.map((m: ChatMessage) => [m.seq, m.content])).toEqual([
        [0, 'Hello'],
        [1, 'Hi there'],
        [2, 'Still here?'],
        [3, 'Always.'],
      ]);
      // A copy that differs from the chat here (edited since, or another chat begun the same moment) comes in on its own.
      const other = await importArchive(test, user, zipSync({ 'Ren.jsonl': strToU8(chatJsonl('Ren', [{ mes: 'Another start' }])) }));
      expect(other.json().imported).toHaveLength(1);
      expect((await listChats(test, user)).json().total).toBe(2);
    });
  });

  it("brings every field of SillyTavern's message lines back on export: extra, dates of generation, titles, avatars, each version's swipe_info, unknown fields", async () => {
    const user = await userOf(test, 'fields');
    const reply = {
      name: 'Ren',
      is_user: false,
      is_system: false,
      send_date: Date.UTC(2024, 4, 1, 10),
      mes: 'Two',
      title: 'took 3s',
      gen_started: '2024-05-01T09:59:57.000Z',
      gen_finished: '2024-05-01T10:00:00.000Z',
      force_avatar: 'characters/Ren.png',
      original_avatar: 'Ren.png',
      extra: {
        api: 'openai',
        model: 'gpt-4o',
        gen_id: 1,
        token_count: 3,
        reasoning: 'hm',
        display_text: 'Two!',
        image: 'user/images/a.png',
      },
      swipe_id: 1,
      swipes: ['One', 'Two'],
      swipe_info: [
        { send_date: 'earlier', extra: { model: 'gpt-4o-mini' } },
        { send_date: 'later', extra: { model: 'gpt-4o' } },
      ],
      later_field: [1, 2],
    };
    const userLine = {
      name: 'You',
      is_user: true,
      is_system: false,
      send_date: Date.UTC(2024, 4, 1, 9),
      mes: 'Hi',
      extra: {},
      swipe_id: 0,
      swipes: ['Hi', 'Hey'],
      swipe_info: [{}, {}],
    };
    const header = { user_name: 'You', character_name: 'Ren', create_date: Date.UTC(2024, 4, 1), chat_metadata: {} };
    const text = [header, userLine, reply].map((line) => JSON.stringify(line)).join('\n');
    const chat = await importOne(user, zipSync({ 'Ren.jsonl': strToU8(text) }));
    const body = (await exportChat(test, user, chat.chat_id, 'jsonl')).body;
    expect(
      body
        .trimEnd()
        .split('\n')
        .slice(1)
        .map((line) => JSON.parse(line)),
    ).toEqual([userLine, reply]);
  });

  describe('hostile archives', () => {
    let mallory: Uploader;
    const good = strToU8(chatJsonl('Good', [{ mes: 'fine' }]));

    beforeAll(async () => {
      mallory = await userOf(test, 'mallory');
    });

    /** Expects a refusal with a sentence for the user, never a 500, and nothing imported. */
    async function refused(response: Awaited<ReturnType<typeof importArchive>>, status: 400 | 413, message: RegExp | string) {
      expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
      const body = response.json();
      expect(typeof body.message).toBe('string');
      if (typeof message === 'string') expect(body.message).toContain(message);
      else expect(body.message).toMatch(message);
      expect((await listChats(test, mallory)).json().total).toBe(0);
      return body;
    }

    it('refuses a file that is not a zip', async () => {
      await refused(await importArchive(test, mallory, strToU8('hello, not a zip at all')), 400, 'not a valid .zip');
    });

    it('refuses a file not named .zip', async () => {
      await refused(await importArchive(test, mallory, zipSync({ 'a.jsonl': good }), 'chat.txt'), 400, '.zip');
    });

    it('refuses an entry that climbs out of the archive', async () => {
      await refused(await importArchive(test, mallory, zipSync({ '../evil.jsonl': good })), 400, '../evil.jsonl');
    });

    it('refuses an archive without a chat file', async () => {
      await refused(await importArchive(test, mallory, zipSync({ 'readme.txt': strToU8('hi'), 'card.png': testCardPng() })), 400, '.jsonl');
    });

    it('names the malformed line, and imports nothing from the archive', async () => {
      const broken = strToU8(`${chatJsonl('Bad', [{ mes: 'one' }]).trimEnd()}\n{"mes": "unterminated\n`);
      const response = await importArchive(test, mallory, zipSync({ 'a-good.jsonl': good, 'b-bad.jsonl': broken }));
      await refused(response, 400, /Line 3\b/);
    });

    it('refuses 201 entries', async () => {
      const files: Zippable = {};
      for (let i = 0; i < 201; i += 1) files[`chat-${i}.jsonl`] = good;
      await refused(await importArchive(test, mallory, zipSync(files)), 413, '201');
    });

    it('refuses a deflate bomb without inflating it', async () => {
      const bomb = zipSync({ 'bomb.jsonl': [new Uint8Array(60 * MiB), { level: 9 }] });
      expect(bomb.length).toBeLessThan(1 * MiB);
      await refused(await importArchive(test, mallory, bomb), 413, 'MB');
    });

    it('refuses a request without the file field', async () => {
      const fieldsOnly = await multipartBody(undefined, { note: 'no file here' });
      const noFile = await test.app.inject({
        method: 'POST',
        url: '/api/chats/import',
        payload: fieldsOnly.payload,
        headers: { ...fieldsOnly.headers, ...mallory.headers },
      });
      await refused(noFile, 400, /\.zip/);
      await refused(await importArchive(test, mallory, zipSync({ 'a.jsonl': good }), 'x.zip', 'image'), 400, /\.zip/);
      const json = await test.app.inject({ method: 'POST', url: '/api/chats/import', payload: { file: 'x' }, headers: mallory.headers });
      await refused(json, 400, '.zip');
    });
  });
});
