import { randomUUID } from 'node:crypto';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '@core/contract';
import { FOREIGN_CHAT_FILES, foreignChatText } from '../fixtures/ecosystem';
import type { FakeOpenAI } from '../support/fakeOpenAI';
import { userOf, type Uploader } from './cards';
import { chatJsonl, chatTestBed, complete, exportChat, getChat, importFiles, listChats } from './chat-helpers';
import { databases, type TestApp } from './helpers';

const file = (kind: keyof typeof FOREIGN_CHAT_FILES) => ({ name: FOREIGN_CHAT_FILES[kind], bytes: strToU8(foreignChatText(kind)) });

describe.each(databases)('chats from other apps, and .jsonl / text exports (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let alice: Uploader;

  beforeAll(async () => {
    ({ fake, test, alice } = await chatTestBed(dialect, {}, { name: 'Mira', first_mes: 'Hello.' }));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  const messages = async (user: Uploader, chatId: string): Promise<ChatMessage[]> =>
    (await getChat(test, user, { chat_id: chatId, page_size: 100 })).json().data;

  async function imported(user: Uploader, files: { name: string; bytes: Uint8Array }[]) {
    const response = await importFiles(test, user, files);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json().imported as { chat_id: string; character_name: string; message_count: number }[];
  }

  it('imports a bare group chat, a Chub chat, RisuAI and Agnai exports at once, each member by name', async () => {
    const user = await userOf(test, 'collector');
    const chats = await imported(user, [file('group'), file('chub'), file('risu'), file('agnai')]);
    expect(chats.map((c) => [c.character_name, c.message_count])).toEqual([
      ['Pip, Willow', 4],
      ['Lantern Keeper', 2],
      ['moth-risuai', 3],
      ['bell-agnai', 2],
    ]);
    const group = await messages(user, chats[0]!.chat_id);
    expect(group.map((m) => [m.role, m.name, m.hidden ?? false])).toEqual([
      ['assistant', 'Pip', false],
      ['assistant', 'Willow', false],
      ['user', 'Rowan', false],
      ['assistant', 'Pip', true],
    ]);
    expect(group[1]).toMatchObject({ swipes: ['Mint, for the cold.', 'Chamomile, before the fog rolls in.'], swipe_id: 1 });
    expect((await messages(user, chats[1]!.chat_id))[0]).toMatchObject({ content: 'The lamp is lit. Who climbs my stairs?', swipe_id: 0 });
  });

  it('exports the group chat as .jsonl with its metadata, swipes and hidden message, and imports it again the same', async () => {
    const user = await userOf(test, 'roundtrip');
    const [chat] = await imported(user, [file('group')]);
    const response = await exportChat(test, user, chat!.chat_id, 'jsonl');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/jsonl/);
    expect(response.headers['content-disposition']).toMatch(/\.jsonl/);
    const lines = response.body
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[0].chat_metadata).toEqual(JSON.parse(foreignChatText('group').split('\n')[0]!).chat_metadata);
    expect(lines.slice(1).map((line) => [line.name, line.is_system])).toEqual([
      ['Pip', false],
      ['Willow', false],
      ['Rowan', false],
      ['Pip', true],
    ]);
    expect(lines[2]).toMatchObject({ swipe_id: 1, swipes: ['Mint, for the cold.', 'Chamomile, before the fog rolls in.'] });

    // Into another account: the same file again into this one is recognized as the chat here and adds nothing.
    const other = await userOf(test, 'roundtrip-2');
    const [again] = await imported(other, [{ name: 'again.jsonl', bytes: strToU8(response.body) }]);
    const strip = (list: ChatMessage[]) =>
      list.map(({ role, name, content, send_date, swipes, swipe_id, hidden }) => ({
        role,
        name,
        content,
        send_date,
        swipes,
        swipe_id,
        hidden,
      }));
    expect(strip(await messages(other, again!.chat_id))).toEqual(strip(await messages(user, chat!.chat_id)));
    // The same file: a group's header names no one (SillyTavern's "unused"), whichever account exports it.
    const again2 = (await exportChat(test, other, again!.chat_id, 'jsonl')).body;
    expect(again2).toBe(response.body);
    expect(JSON.parse(response.body.split('\n')[0]!)).toMatchObject({ user_name: 'unused', character_name: 'unused' });
  });

  it('exports plain text, and the .zip as before', async () => {
    const user = await userOf(test, 'reader');
    const [chat] = await imported(user, [file('chub')]);
    const text = await exportChat(test, user, chat!.chat_id, 'txt');
    expect(text.statusCode).toBe(200);
    expect(text.headers['content-type']).toMatch(/^text\/plain/);
    expect(text.headers['content-disposition']).toMatch(/\.txt/);
    expect(text.body).toContain(
      'Lantern Keeper (version 1 of 2): The lamp is lit. Who climbs my stairs?\n\nRowan: Only me, with the oil.\n',
    );
    const zip = await exportChat(test, user, chat!.chat_id);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(Object.keys(unzipSync(new Uint8Array(zip.rawPayload))).some((name) => name.endsWith('.jsonl'))).toBe(true);
  });

  it('keeps hidden messages out of the prompt', async () => {
    const jsonl = chatJsonl('Mira', [
      { mes: 'My boat is blue.', is_user: true },
      { mes: 'The secret word is heron.', is_system: true },
      { mes: 'A blue boat!' },
    ]);
    const [chat] = await imported(alice, [{ name: 'Mira.jsonl', bytes: strToU8(jsonl) }]);
    fake.next({ kind: 'reply', text: 'Onwards.' });
    const response = await complete(test, alice, { chatId: chat!.chat_id, text: 'Where next?', key: randomUUID() });
    expect(response.statusCode, response.body).toBe(200);
    const prompt = JSON.stringify(fake.requests.at(-1)!.body.messages);
    expect(prompt).toContain('My boat is blue.');
    expect(prompt).toContain('A blue boat!');
    expect(prompt).not.toContain('heron');
  });

  it('refuses what it cannot read by name, listing what works, and stores nothing of the other files', async () => {
    const user = await userOf(test, 'refused');
    const cases: [{ name: string; bytes: Uint8Array }, number, string][] = [
      [{ name: 'notes.txt', bytes: strToU8('hello') }, 400, "'notes.txt' is not a chat file"],
      [{ name: 'kobold.json', bytes: strToU8('{"savedsettings":{}}') }, 400, 'KoboldAI Lite'],
      [{ name: 'card.json', bytes: strToU8('{"spec":"chara_card_v2","data":{}}') }, 400, 'character card'],
      [{ name: 'broken.jsonl', bytes: strToU8('{"user_name":"You"}\n{"mes": ') }, 400, "Line 2 of 'broken.jsonl'"],
      [{ name: 'long.jsonl', bytes: strToU8(chatJsonl('Mira', [{ mes: 'x'.repeat(32_001) }])) }, 413, 'at most 32,000'],
      [{ name: 'empty.json', bytes: new Uint8Array() }, 400, "'empty.json' is empty."],
      [{ name: 'no-messages.json', bytes: strToU8('{"title":"x","messages":[]}') }, 400, "'no-messages.json' holds no messages"],
    ];
    for (const [bad, status, says] of cases) {
      const response = await importFiles(test, user, [file('chub'), bad]);
      expect(response.statusCode, bad.name).toBe(status);
      expect(response.json().message, bad.name).toContain(says);
      expect(response.json().message).not.toMatch(/internal/i);
    }
    expect((await importFiles(test, user, [file('risu'), { name: 'x.json', bytes: strToU8('{}') }])).json().message).toContain(
      'SillyTavern chats (.jsonl, group and Chub chats too), RisuAI and Agnai chat exports (.json)',
    );
    expect((await listChats(test, user)).json().total).toBe(0);
  });

  it('holds the bounds across the files of one import: 64 MB inflated, files zipped or not', async () => {
    const user = await userOf(test, 'bounded');
    const line = JSON.stringify({ name: 'Mira', is_user: false, mes: 'y'.repeat(30_000) });
    const big = strToU8(
      [JSON.stringify({ user_name: 'You', character_name: 'Mira' }), ...Array.from({ length: 790 }, () => line)].join('\n'),
    );
    // Three ~23 MB chats: each is within the 25 MB a chat file may be; together they are past 64 MB.
    const zipped = zipSync({ 'a.jsonl': big }, { level: 9 });
    const response = await importFiles(test, user, [
      { name: 'a.zip', bytes: zipped },
      { name: 'b.zip', bytes: zipped },
      { name: 'c.zip', bytes: zipped },
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toContain('more than 64 MB');
    expect((await listChats(test, user)).json().total).toBe(0);
  });
});
