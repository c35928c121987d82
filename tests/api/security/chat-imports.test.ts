/**
 * Hostile chat archives against POST /api/chats/import: every one refused with a sentence for the
 * user and nothing written (no chat, no message, no blob). The archives are built by hand, local
 * headers and central directory alike, so they can lie about names, sizes and counts the way an
 * attacker's would; fflate's zipSync only ever writes honest ones.
 */
import { crc32 } from 'node:zlib';
import { deflateSync, strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCardPng } from '../../support/cards';
import { craftZip } from '../../support/craftZip';
import { userOf } from '../cards';
import { chatJsonl, importArchive, listChats } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';
import { badCrcPng, deepJsonPng, fourGigabyteChunkPng, zTxtBombPng } from './hostile-pngs';
import { blobFiles, rowsOf, userIdOf } from './nothing-written';

interface RawEntry {
  /** Text is written as UTF-8 with the UTF-8 flag; bytes as they are, without it. */
  name: string | Uint8Array;
  data: Uint8Array;
  /** 8 (deflate, the default) or 0 (stored). */
  method?: 0 | 8;
  /** What the headers claim, instead of the truth. */
  declaredSize?: number;
  declaredCrc?: number;
}

/** The crafted zip of `entries`, each deflated unless stored, its headers telling the truth about the uncompressed data unless told otherwise. */
function zipOf(entries: RawEntry[]): Uint8Array {
  return craftZip(
    entries.map(({ name, data, method = 8, declaredSize, declaredCrc }) => ({
      name,
      data: method === 8 ? deflateSync(data) : data,
      method,
      size: declaredSize ?? data.length,
      crc: declaredCrc ?? crc32(data),
    })),
  );
}

describe.each(databases)('hostile chat archives (%s)', (dialect) => {
  let test: TestApp;
  let importers = 0;
  const chat = (name = 'Good') => strToU8(chatJsonl(name, [{ is_user: true, mes: 'hello' }, { mes: 'hi there' }]));

  beforeAll(async () => {
    test = await createTestApp(dialect);
  });
  afterAll(() => test.close());

  /** Imports the archive; expects the status, a message matching `message`, and nothing written. */
  async function refused(zip: Uint8Array, status: 400 | 413, error: string, message: RegExp) {
    // A fresh importer each time, so one archive let through cannot hide behind another's refusal.
    const mallory = await userOf(test, `mallory-${(importers += 1)}`);
    const malloryId = await userIdOf(test, mallory);
    const blobs = blobFiles(test);
    const response = await importArchive(test, mallory, zip);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(status);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['error', 'message']);
    expect(body.error).toBe(error);
    expect(body.message).toMatch(message);
    expect(await rowsOf(test, malloryId)).toEqual({ images: 0, chats: 0, messages: 0 });
    // A job removes the files it was given once it has ended: just after its end is seen.
    await expect.poll(() => blobFiles(test)).toEqual(blobs);
  }

  it('the hand-made builder writes archives the server imports', async () => {
    const user = await userOf(test, 'honest-zips');
    const response = await importArchive(
      test,
      user,
      zipOf([
        { name: 'Good.jsonl', data: chat() },
        { name: 'notes/Stored.jsonl', data: chat('Stored'), method: 0 },
      ]),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json().imported as unknown[]).length).toBe(2);
  });

  it.each([
    ['../evil.jsonl'],
    ['chats/../../evil.jsonl'],
    ['/etc/x.jsonl'],
    ['C:\\x.jsonl'],
    ['C:/x.jsonl'],
    ['chats\\..\\..\\x.jsonl'],
    ['evil\u0000.jsonl'],
  ])('refuses the entry name %j', async (name) => {
    await refused(
      zipOf([
        { name: 'Good.jsonl', data: chat() },
        { name, data: chat() },
      ]),
      400,
      'unsafe_name',
      /unsafe name/,
    );
  });

  it('refuses __proto__ as an entry name or folder', async () => {
    for (const name of ['__proto__', '__proto__/Good.jsonl', 'chats/__proto__/x.jsonl']) {
      await refused(
        zipOf([
          { name: 'Good.jsonl', data: chat() },
          { name, data: chat() },
        ]),
        400,
        'unsafe_name',
        /__proto__/,
      );
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses two entries of the same name, whichever the reader would have kept', async () => {
    await refused(
      zipOf([
        { name: 'Good.jsonl', data: chat('One') },
        { name: 'Good.jsonl', data: chat('Two') },
      ]),
      400,
      'duplicate_name',
      /Good\.jsonl.*more than once/,
    );
    await refused(
      zipOf([
        { name: 'a/Good.jsonl', data: chat('One') },
        { name: 'A/good.JSONL', data: chat('Two') },
      ]),
      400,
      'duplicate_name',
      /more than once/,
    );
  });

  it('refuses an entry declaring 4 GB before inflating anything', async () => {
    await refused(zipOf([{ name: 'Good.jsonl', data: chat(), declaredSize: 0xffffffff }]), 413, 'too_large', /larger than the 25 MB/);
    await refused(
      zipOf([
        { name: 'Good.jsonl', data: chat() },
        { name: 'card.png', data: testCardPng(), declaredSize: 0xfffffff0 },
      ]),
      413,
      'too_large',
      /larger than the 20 MB/,
    );
  });

  it('refuses 65535 entries from the count alone', async () => {
    const entries = Array.from({ length: 65_535 }, (_, i) => ({ name: `${i}.jsonl`, data: new Uint8Array(0), method: 0 as const }));
    await refused(zipOf(entries), 413, 'too_many_entries', /65535 files; at most 200/);
  });

  it('stops an entry that inflates past its declared size', async () => {
    const big = strToU8(
      chatJsonl(
        'Liar',
        Array.from({ length: 2000 }, (_, i) => ({ mes: `line ${i}` })),
      ),
    );
    await refused(
      zipOf([{ name: 'Liar.jsonl', data: big, declaredSize: 100 }]),
      400,
      'corrupt_entry',
      /more data than its header declares/,
    );
  });

  it('refuses an entry that inflates to less than its declared size', async () => {
    await refused(
      zipOf([{ name: 'Short.jsonl', data: chat(), declaredSize: 25 * 1024 * 1024 }]),
      400,
      'corrupt_entry',
      /less data than its header declares/,
    );
    await refused(
      zipOf([{ name: 'Short.jsonl', data: chat(), method: 0, declaredSize: 1000 }]),
      400,
      'corrupt_entry',
      /size does not match/,
    );
  });

  it('refuses an entry whose checksum does not match', async () => {
    await refused(zipOf([{ name: 'Good.jsonl', data: chat(), declaredCrc: 0xdeadbeef }]), 400, 'corrupt_entry', /checksum/);
  });

  it('never opens a zip inside the zip', async () => {
    const inner = zipSync({ 'Inner.jsonl': chat('Inner') });
    await refused(zipOf([{ name: 'inner.zip', data: inner }]), 400, 'no_chats', /no chat \(\.jsonl\) files/);

    const user = await userOf(test, 'nested-zips');
    const beside = await importArchive(
      test,
      user,
      zipOf([
        { name: 'Outer.jsonl', data: chat('Outer') },
        { name: 'inner.zip', data: inner },
      ]),
    );
    expect(beside.statusCode, beside.body).toBe(200);
    const names = (await listChats(test, user)).json().data.map((c: { character_name: string }) => c.character_name);
    expect(names).toEqual(['Outer']);
  });

  it('refuses a .jsonl that is not a chat, and one that is not UTF-8', async () => {
    await refused(
      zipOf([{ name: 'page.jsonl', data: strToU8('<html><body>not a chat</body></html>') }]),
      400,
      'invalid_chat',
      /page\.jsonl/,
    );
    await refused(zipOf([{ name: 'binary.jsonl', data: Uint8Array.of(0xff, 0xfe, 0x00, 0x81, 0x7b) }]), 400, 'invalid_chat', /not UTF-8/);
    await refused(
      zipOf([
        { name: 'notes.txt', data: strToU8('hello') },
        { name: 'picture.bin', data: testCardPng() },
      ]),
      400,
      'no_chats',
      /\.jsonl/,
    );
  });

  it('imports the chats beside hostile card PNGs without trusting or storing those cards', async () => {
    const user = await userOf(test, 'hostile-cards-in-zip');
    const userId = await userIdOf(test, user);
    const blobs = blobFiles(test);
    const pngs = [fourGigabyteChunkPng(), zTxtBombPng(256), deepJsonPng(), badCrcPng()];
    const zip = zipOf([
      { name: 'Good.jsonl', data: chat() },
      ...pngs.map((data, i) => ({ name: `card-${i}.png`, data, method: 0 as const })),
    ]);
    const response = await importArchive(test, user, zip);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json().imported).toMatchObject([{ character_name: 'Good', character_id: null }]);
    const row = await test.db.kysely.selectFrom('chats').select('card_json').where('user_id', '=', userId).executeTakeFirstOrThrow();
    expect(row.card_json).toBeNull();
    expect(await rowsOf(test, userId)).toEqual({ images: 0, chats: 1, messages: 2 });
    await expect.poll(() => blobFiles(test)).toEqual(blobs);
  });

  it('refuses a truncated central directory', async () => {
    const whole = zipOf([
      { name: 'A.jsonl', data: chat('A') },
      { name: 'B.jsonl', data: chat('B') },
    ]);
    await refused(whole.subarray(0, whole.length - 30), 400, 'not_zip', /not a valid \.zip/);
    // The end record kept, the directory before it cut short: the record's count and offset now lie.
    const end = whole.subarray(whole.length - 22);
    const directoryStart = new DataView(end.buffer, end.byteOffset).getUint32(16, true);
    const cut = new Uint8Array(directoryStart + 50 + 22);
    cut.set(whole.subarray(0, directoryStart + 50));
    cut.set(end, directoryStart + 50);
    await refused(cut, 400, 'not_zip', /not a valid \.zip/);
  });

  it('reads the longest name a zip can hold, not UTF-8, without crashing', async () => {
    const user = await userOf(test, 'long-names');
    const name = new Uint8Array(0xffff).map((_, i) => 0xc0 + (i % 32));
    name.set(strToU8('.jsonl'), name.length - 6);
    const response = await importArchive(test, user, zipOf([{ name, data: chat('Long') }]));
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(response.json().imported).toMatchObject([{ character_name: 'Long', message_count: 2 }]);
  });
});
