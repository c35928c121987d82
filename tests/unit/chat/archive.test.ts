// @vitest-environment node
import { deflateRawSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writeChatJsonl, type ArchiveChat } from '@core/chat/sillytavern';
import {
  ArchiveError,
  buildChatZip,
  MESSAGE_NO_CHATS,
  MESSAGE_NOT_ZIP,
  readChatZip,
  safeArchiveName,
} from '../../../server/services/chats/archive/index';
import { craftZip } from '../../support/craftZip';

const MB = 1024 * 1024;

const chat = (characterName: string, content = 'Hello!'): ArchiveChat => ({
  userName: 'You',
  characterName,
  createdAt: '2023-01-24T11:31:36.839Z',
  messages: [
    { role: 'assistant', name: characterName, content, sendDate: '2023-01-24T11:31:37.000Z' },
    { role: 'user', name: 'You', content: 'Hi 👋', sendDate: '2023-01-24T11:31:38.000Z' },
  ],
});
const jsonl = (value: ArchiveChat) => strToU8(writeChatJsonl(value));
const GOOD = jsonl(chat('Aqua'));
/** 200 MB of zeros, deflated to about 200 KB: the classic zip bomb payload. */
const ZEROS_200MB = deflateRawSync(new Uint8Array(200 * MB));

async function refusal(bytes: Uint8Array): Promise<ArchiveError> {
  try {
    await readChatZip(bytes);
  } catch (error) {
    if (error instanceof ArchiveError) return error;
    throw error;
  }
  throw new Error('expected an ArchiveError');
}

/** A chat as read, without the lines' other fields kept for export (the extra every written line has). */
const bare = (chat: ArchiveChat): ArchiveChat => ({ ...chat, messages: chat.messages.map(({ fileFields: _kept, ...message }) => message) });

describe('chat archives', () => {
  it('round-trips chats and cards, keeping repeated names apart', async () => {
    const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 1, 2, 3]);
    const zip = await buildChatZip([
      { name: 'Aqua.jsonl', data: GOOD },
      { name: 'aqua.jsonl', data: jsonl(chat('Aqua', 'second chat')) },
      { name: 'アクア 🌊.jsonl', data: jsonl(chat('アクア 🌊')) },
      { name: 'Aqua.png', data: png },
    ]);
    const { chats, cards } = await readChatZip(zip);
    expect(chats.map((c) => c.fileName)).toEqual(['Aqua.jsonl', 'aqua (2).jsonl', 'アクア 🌊.jsonl']);
    expect(chats.map((c) => bare(c.chat))).toEqual([chat('Aqua'), chat('Aqua', 'second chat'), chat('アクア 🌊')]);
    expect(cards).toEqual([{ fileName: 'Aqua.png', bytes: png }]);
  });

  it('inflates a large chat across many steps intact', async () => {
    // Varied text, so that it stays megabytes when deflated and needs many inflate steps.
    let seed = 7;
    const words = Array.from({ length: 400_000 }, () => ((seed = (seed * 48271) % 2147483647) % 100_000).toString(36));
    const big: ArchiveChat = {
      ...chat('Aqua'),
      messages: Array.from({ length: 200 }, (_, i) => ({
        role: 'assistant',
        name: 'Aqua',
        content: words.slice(i * 2000, (i + 1) * 2000).join(' '),
        sendDate: '2023-01-24T11:31:37.000Z',
      })),
    };
    expect(bare((await readChatZip(await buildChatZip([{ name: 'big.jsonl', data: jsonl(big) }]))).chats[0]!.chat)).toEqual(big);
  });

  it('makes safe file names from character names', async () => {
    expect(safeArchiveName('../../etc/passwd')).toBe('etc passwd');
    expect(safeArchiveName('Aqua: the "goddess" <of> water?')).toBe('Aqua the goddess of water');
    expect(safeArchiveName('C:\\Users\\x')).toBe('C Users x');
    expect(safeArchiveName('evil\u202Egnp.jsonl\u0000\n')).toBe('evilgnp.jsonl');
    expect(safeArchiveName('con')).toBe('con_');
    expect(safeArchiveName(' ... ')).toBe('chat');
    expect(safeArchiveName('')).toBe('chat');
    const long = safeArchiveName('🌊'.repeat(200));
    expect(Array.from(long)).toHaveLength(80);
    expect(long).toBe('🌊'.repeat(80));
  });

  it('refuses to build an archive with an unsafe entry name', async () => {
    expect(() => buildChatZip([{ name: '../evil.jsonl', data: GOOD }])).toThrow(RangeError);
  });

  it.each(['../evil.jsonl', 'chats/../../evil.jsonl', '/abs.jsonl', 'a\\b.jsonl', 'C:evil.jsonl', 'bell\u0007.jsonl', '../notes.txt'])(
    'refuses the whole archive when an entry is named %j',
    async (name) => {
      const error = await refusal(
        craftZip([
          { name: 'Aqua.jsonl', data: GOOD },
          { name, data: GOOD },
        ]),
      );
      expect(error).toMatchObject({ code: 'unsafe_name', status: 400 });
      expect(error.message).toContain(`'${name.replace(/[\u0000-\u001f]/g, '?')}'`);
    },
  );

  it('refuses more than 200 entries and accepts 200', async () => {
    const files = (count: number) => Object.fromEntries(Array.from({ length: count }, (_, i) => [`${i}.jsonl`, GOOD]));
    expect(await refusal(zipSync(files(201)))).toMatchObject({ code: 'too_many_entries', status: 413 });
    expect((await readChatZip(zipSync(files(200)))).chats).toHaveLength(200);
  });

  it('refuses more messages than one import takes, counted over all its chats', async () => {
    const chat = (count: number) =>
      strToU8(
        writeChatJsonl({
          userName: 'U',
          characterName: 'C',
          createdAt: '2024-01-01T00:00:00.000Z',
          messages: Array.from({ length: count }, () => ({ role: 'user', name: 'U', content: 'x', sendDate: '2024-01-01T00:00:00.000Z' })),
        }),
      );
    const tooMany = await refusal(zipSync({ 'a.jsonl': chat(20_000), 'b.jsonl': chat(20_000), 'c.jsonl': chat(10_001) }));
    expect(tooMany).toMatchObject({ code: 'too_large', status: 413 });
    expect(tooMany.message).toContain('more than 50000 messages');
    expect((await readChatZip(zipSync({ 'a.jsonl': chat(20_000), 'b.jsonl': chat(20_000), 'c.jsonl': chat(10_000) }))).chats).toHaveLength(
      3,
    );
  });

  it('refuses what is not a zip', async () => {
    for (const bytes of [new Uint8Array(0), strToU8('PK not really'), GOOD, craftZip([{ name: 'a.jsonl', data: GOOD }]).subarray(0, 40)]) {
      expect(await refusal(bytes)).toMatchObject({ code: 'not_zip', status: 400, message: MESSAGE_NOT_ZIP });
    }
  });

  it('needs at least one chat; folders, other files, nested zips and macOS copies are ignored', async () => {
    const nested = zipSync({ 'inner.jsonl': GOOD });
    const noChat = zipSync({ 'readme.txt': strToU8('hi'), 'chats/': new Uint8Array(0), 'inner.zip': nested });
    expect(await refusal(noChat)).toMatchObject({ code: 'no_chats', message: MESSAGE_NO_CHATS });
    const withJunk = zipSync({
      '__MACOSX/._Aqua.jsonl': strToU8('\u0000junk'),
      'chats/._Aqua.jsonl': strToU8('junk'),
      'chats/Aqua.jsonl': GOOD,
    });
    expect((await readChatZip(withJunk)).chats.map((c) => c.fileName)).toEqual(['chats/Aqua.jsonl']);
  });

  it('refuses declared sizes over the limits before inflating anything', async () => {
    expect(await refusal(craftZip([{ name: 'bomb.jsonl', data: ZEROS_200MB, method: 8, size: 200 * MB, crc: 0 }]))).toMatchObject({
      code: 'too_large',
      status: 413,
      message: "'bomb.jsonl' is larger than the 25 MB a chat file may be.",
    });
    expect(await refusal(craftZip([{ name: 'big.png', data: GOOD, size: 21 * MB }]))).toMatchObject({ code: 'too_large', status: 413 });
    const threeDeclaring22MB = Array.from({ length: 3 }, (_, i) => ({ name: `${i}.jsonl`, data: GOOD, size: 22 * MB }));
    expect(await refusal(craftZip(threeDeclaring22MB))).toMatchObject({
      code: 'too_large',
      status: 413,
      message: "The import's chats and cards add up to more than 64 MB.",
    });
  });

  it('stops inflating an entry whose header lies about its size', async () => {
    const lying = await refusal(craftZip([{ name: 'small.jsonl', data: ZEROS_200MB, method: 8, size: 1000, crc: 0 }]));
    expect(lying).toMatchObject({ code: 'corrupt_entry', status: 400 });
    expect(lying.message).toBe("The archive entry 'small.jsonl' is damaged: it holds more data than its header declares.");
    const short = await refusal(craftZip([{ name: 'a.jsonl', data: deflateRawSync(GOOD), method: 8, size: GOOD.length + 1, crc: 0 }]));
    expect(short).toMatchObject({ code: 'corrupt_entry', message: expect.stringContaining('less data') });
  });

  it('refuses damaged, encrypted and oddly compressed entries', async () => {
    expect(await refusal(craftZip([{ name: 'a.jsonl', data: GOOD, crc: 1234 }]))).toMatchObject({
      code: 'corrupt_entry',
      message: expect.stringContaining('checksum'),
    });
    expect(await refusal(craftZip([{ name: 'a.jsonl', data: strToU8('not deflate at all'), method: 8, size: 500 }]))).toMatchObject({
      code: 'corrupt_entry',
    });
    expect(await refusal(craftZip([{ name: 'a.jsonl', data: GOOD, flags: 0x801 }]))).toMatchObject({ code: 'unsupported_entry' });
    expect(await refusal(craftZip([{ name: 'a.jsonl', data: GOOD, method: 12 as 8 }]))).toMatchObject({ code: 'unsupported_entry' });
  });

  it('refuses a chat holding a message longer than an import takes, naming the line', async () => {
    const long = strToU8(writeChatJsonl(chat('Aqua', 'x'.repeat(32_001))));
    expect(await refusal(zipSync({ 'a.jsonl': long }))).toMatchObject({
      code: 'too_large',
      status: 413,
      message: "Line 2 of 'a.jsonl' holds a message of 32,001 characters; an imported message may have at most 32,000.",
    });
    expect((await readChatZip(zipSync({ 'a.jsonl': strToU8(writeChatJsonl(chat('Aqua', 'x'.repeat(32_000)))) }))).chats).toHaveLength(1);
  });

  it('refuses empty files and chat files that are not valid chats, naming the line', async () => {
    expect(await refusal(zipSync({ 'a.jsonl': new Uint8Array(0) }))).toMatchObject({ code: 'empty_entry', message: "'a.jsonl' is empty." });
    const broken = strToU8(writeChatJsonl(chat('Aqua')).replace('"mes":"Hi', '"mes":Hi'));
    expect(await refusal(zipSync({ 'chats/Aqua.jsonl': broken }))).toMatchObject({
      code: 'invalid_chat',
      status: 400,
      message: "Line 3 of 'chats/Aqua.jsonl' is not valid JSON.",
    });
    expect(await refusal(zipSync({ 'a.jsonl': new Uint8Array([0xff, 0xfe, 0x00]) }))).toMatchObject({
      code: 'invalid_chat',
      message: "'a.jsonl' is not UTF-8 text.",
    });
  });
});
