/**
 * Hostile card files against the real upload and replacement routes: each one refused with the
 * codec's own error and nothing left behind (no row, no blob, no slot used), or, where the file is
 * a fine card with a hostile name or hostile JSON keys, stored without the hostility reaching
 * the file system or the prototype chain.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { deflateSync, zipSync } from 'fflate';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardErrorMessage, type CardErrorCode, MESSAGE_TOO_MANY_PIXELS } from '@core/card/index';
import { updateUser } from '../../../server/db/repositories/users';
import { MESSAGE_NOT_IMAGE } from '../../../server/services/replacement';
import { cardPng, upload, userOf, type FilePart, type Uploader } from '../cards';
import { createTestApp, databases, type TestApp } from '../helpers';
import { testCard } from '../../support/cards';
import { millionChunksPng } from '../../unit/card/helpers';
import {
  badBase64Png,
  badCrcPng,
  deepJsonPng,
  fourGigabyteChunkPng,
  hugeIhdrPng,
  ihdrNotFirstPng,
  notImageFiles,
  notJsonPng,
  notPngFiles,
  oversizedCharaPng,
  protoPollutionPng,
  truncatedPng,
  zTxtBombPng,
} from './hostile-pngs';
import { blobFiles, rowsOf, userIdOf } from './nothing-written';
import { craftZip } from '../../support/craftZip';

/** Every file under DATA_DIR except the database's own, which any request may touch. */
function dataFiles(test: TestApp): string[] {
  return fs
    .readdirSync(test.dataDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !/^cardchat\.db/.test(entry.name))
    .map((entry) => path.relative(test.dataDir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** A multipart body written by hand, so the file name reaches the server byte for byte. */
function rawMultipart(filename: string, bytes: Uint8Array): { payload: Buffer; headers: Record<string, string> } {
  const boundary = 'cardchat-hostile-name';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head, 'latin1'), bytes, Buffer.from(`\r\n--${boundary}--\r\n`, 'latin1')]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(databases)('hostile card uploads (%s)', (dialect) => {
  let test: TestApp;
  let mallory: Uploader;
  let malloryId: string;

  beforeAll(async () => {
    test = await createTestApp(dialect, { RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    mallory = await userOf(test, 'mallory-cards');
    malloryId = await userIdOf(test, mallory);
  });
  afterAll(() => test.close());

  const collectionTotal = async (user: Uploader) =>
    (await test.app.inject({ method: 'GET', url: '/api/collections', headers: user.headers })).json().total as number;

  /** Uploads the file and expects the codec's error as a 400, with nothing written anywhere. */
  async function refused(file: FilePart, code: CardErrorCode) {
    const before = { rows: await rowsOf(test, malloryId), blobs: blobFiles(test), slots: await collectionTotal(mallory) };
    const response = await upload(test, mallory, file);
    expect(response.statusCode, `${code}: ${response.body.slice(0, 200)}`).toBe(400);
    expect(response.json()).toEqual({ error: code, message: cardErrorMessage(code) });
    expect(await rowsOf(test, malloryId)).toEqual(before.rows);
    expect(blobFiles(test)).toEqual(before.blobs);
    expect(await collectionTotal(mallory)).toBe(before.slots);
  }

  describe('PNG structure', () => {
    it('refuses a chunk declaring 4 GB in a file of under 100 bytes', async () => {
      const bytes = fourGigabyteChunkPng();
      expect(bytes.length).toBeLessThan(100);
      await refused({ bytes }, 'corrupt_png');
    });

    it('refuses a bad CRC on the card chunk', async () => {
      await refused({ bytes: badCrcPng() }, 'corrupt_png');
    });

    it('refuses a file cut off inside the card chunk', async () => {
      await refused({ bytes: truncatedPng() }, 'corrupt_png');
    });

    it('refuses a card chunk before IHDR', async () => {
      await refused({ bytes: ihdrNotFirstPng() }, 'corrupt_png');
    });

    it('refuses a million chunks by the chunk-count limit', async () => {
      const bytes = millionChunksPng(testCard({ name: 'Million' }));
      expect(bytes.length).toBeGreaterThan(12_000_000);
      await refused({ bytes }, 'corrupt_png');
    });

    it('refuses a zTXt card that inflates to 512 MiB, from under 1 MB', async () => {
      const bytes = zTxtBombPng(512);
      expect(bytes.length).toBeLessThan(1024 * 1024);
      await refused({ bytes }, 'inflate_limit');
    });

    it('refuses 100000 × 100000 pixels from the header alone', async () => {
      await refused({ bytes: hugeIhdrPng() }, 'too_many_pixels');
    });

    it('refuses other formats named card.png and sent as image/png', async () => {
      for (const { bytes } of await notPngFiles()) await refused({ bytes, filename: 'card.png', type: 'image/png' }, 'bad_signature');
    });
  });

  describe('the other card formats', () => {
    const utf8 = (text: string) => new TextEncoder().encode(text);
    const cardJson = utf8(JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data: { name: 'x' } }));
    const charx = (bytes: Uint8Array): FilePart => ({ bytes, filename: 'card.charx', type: '' });
    const yaml = (text: string): FilePart => ({ bytes: utf8(text), filename: 'card.yaml', type: '' });

    it('refuses a .charx zip bomb, traversal, absolute paths and thousands of entries before inflating', async () => {
      const zeros = deflateSync(new Uint8Array(1024 * 1024));
      await refused(
        charx(
          craftZip([
            { name: 'card.json', data: cardJson },
            { name: 'a.bin', data: zeros, method: 8, size: 0xffffffff, crc: 0 },
          ]),
        ),
        'archive_too_large',
      );
      await refused(
        charx(
          craftZip([
            { name: 'card.json', data: cardJson },
            { name: 'a.bin', data: zeros, method: 8, size: 1024 * 1024, crc: 0 },
          ]),
        ),
        'archive_too_large',
      );
      for (const name of ['../../etc/passwd', '/etc/passwd', 'C:/x.png', 'assets\\..\\x']) {
        await refused(
          charx(
            craftZip([
              { name: 'card.json', data: cardJson },
              { name, data: utf8('x') },
            ]),
          ),
          'unsafe_archive',
        );
      }
      const many = Array.from({ length: 3000 }, (_, i) => ({ name: `f${i}`, data: Uint8Array.of(1) }));
      await refused(charx(craftZip([{ name: 'card.json', data: cardJson }, ...many])), 'archive_too_large');
      await refused(charx(craftZip([{ name: 'readme.txt', data: utf8('no card') }])), 'bad_archive');
    });

    it('refuses a .charx whose assets would not fit in a 20MB PNG, storing nothing', async () => {
      const asset = new Uint8Array(randomBytes(16 * 1024 * 1024));
      const card = {
        spec: 'chara_card_v3',
        spec_version: '3.0',
        data: { name: 'Heavy', assets: [{ type: 'other', uri: 'embeded://assets/other/other/a.bin', name: 'a', ext: 'bin' }] },
      };
      await refused(
        charx(zipSync({ 'card.json': utf8(JSON.stringify(card)), 'assets/other/other/a.bin': [asset, { level: 0 }] })),
        'too_large_as_png',
      );
    });

    it('refuses hostile YAML: an alias bomb, deep nesting, code tags', async () => {
      const laughs = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
      for (let i = 1; i < 10; i++)
        laughs.push(
          `${String.fromCharCode(97 + i)}: &${String.fromCharCode(97 + i)} [${Array(9)
            .fill(`*${String.fromCharCode(96 + i)}`)
            .join(',')}]`,
        );
      await refused(yaml(`${laughs.join('\n')}\nname: *j\n`), 'invalid_card_file');
      await refused(yaml(`name: x\ncontext: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`), 'invalid_card_file');
      await refused(yaml('name: !!js/function "function () { return process.exit(1) }"\n'), 'invalid_card_file');
    });

    it('refuses JSON that is not a card, and a type no card comes in', async () => {
      await refused({ bytes: utf8('{"title": "a recipe"}'), filename: 'recipe.json', type: 'application/json' }, 'invalid_card_file');
      await refused({ bytes: utf8('%PDF-1.7'), filename: 'card.pdf', type: 'application/pdf' }, 'unsupported_type');
    });
  });

  describe('chara text', () => {
    it('refuses chara that is not base64', async () => {
      await refused({ bytes: badBase64Png() }, 'bad_base64');
    });

    it('refuses chara that is not JSON', async () => {
      await refused({ bytes: notJsonPng() }, 'bad_json');
    });

    it('refuses JSON nested 10000 levels deep with its own error, not a stack overflow', async () => {
      await refused({ bytes: deepJsonPng(10_000) }, 'too_deep');
    });

    it('refuses a chara chunk over the 16 MiB cap', async () => {
      await refused({ bytes: oversizedCharaPng() }, 'text_too_large');
    });

    it('stores a card carrying __proto__ keys without polluting any prototype', async () => {
      const user = await userOf(test, 'proto-card');
      const response = await upload(test, user, protoPollutionPng('Proto'));
      expect(response.statusCode, response.body).toBe(200);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
      const id = response.json().data.file_id as string;

      const stored = await test.app.inject({ method: 'GET', url: `/api/upload/card/${id}`, headers: user.headers });
      expect(stored.statusCode).toBe(200);
      expect(stored.body).not.toMatch(/__proto__|polluted|prototype|\\u005f/);
      const card = stored.json();
      expect(card.data.name).toBe('Proto');
      expect(Object.hasOwn(card, '__proto__')).toBe(false);

      const row = await test.db.kysely.selectFrom('images').select('card_json').where('id', '=', id).executeTakeFirstOrThrow();
      expect(row.card_json).not.toMatch(/__proto__|polluted|prototype/);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });
  });

  describe('file names', () => {
    const names: [string, RegExp][] = [
      ['../../etc/passwd.png', /^passwd\.png$/],
      ['/etc/cron.d/evil.png', /^evil\.png$/],
      ['C:\\Windows\\System32\\evil.png', /^evil\.png$/],
      ['..', /^card\.png$/],
      ['a\u0001b\u001bc\u007fd.png', /^abcd\.png$/],
      ['..\\..\\..\\up.png', /^up\.png$/],
    ];

    let uploader = 0;
    it.each(names)('stores %j under a generated key inside DATA_DIR/blobs only', async (filename, stored) => {
      const user = await userOf(test, `named-${(uploader += 1)}`);
      const before = dataFiles(test);
      const { payload, headers } = rawMultipart(filename, cardPng());
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/upload/image',
        payload,
        headers: { ...headers, ...user.headers },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { file_id: id, filename: shown } = response.json().data as { file_id: string; filename: string };
      expect(shown).toMatch(stored);
      expect(shown).not.toMatch(/[\\/\u0000-\u001f\u007f]|^\.\.?$/);

      const added = dataFiles(test).filter((file) => !before.includes(file));
      expect(added.sort()).toEqual(
        [`blobs/cards/${id}.png`, `blobs/thumbs/${id}-240.webp`, `blobs/thumbs/${id}-480.webp`].map((f) => path.join(...f.split('/'))),
      );
      for (const outside of ['etc/passwd.png', 'etc/cron.d/evil.png', 'up.png']) {
        expect(fs.existsSync(path.join(test.dataDir, outside))).toBe(false);
        expect(fs.existsSync(path.join(test.dataDir, '..', outside))).toBe(false);
        expect(fs.existsSync(path.join(test.dataDir, 'blobs', outside))).toBe(false);
      }
      const row = await test.db.kysely.selectFrom('images').select(['blob_key', 'filename']).where('id', '=', id).executeTakeFirstOrThrow();
      expect(row).toEqual({ blob_key: `cards/${id}.png`, filename: shown });
    });
  });
});

describe.each(databases)('hostile replacement images (%s)', (dialect) => {
  let test: TestApp;
  let payer: Uploader;
  let payerId: string;
  let original: string;

  beforeAll(async () => {
    test = await createTestApp(dialect, { RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    payer = await userOf(test, 'payer-hostile');
    payerId = await userIdOf(test, payer);
    await updateUser(test.db.kysely, payerId, { plan: 'monthly' });
    original = (await upload(test, payer, cardPng({ name: 'Original' }))).json().data.file_id;
  });
  afterAll(() => test.close());

  const dataUrl = (type: string, bytes: Uint8Array) => `data:image/${type};base64,${Buffer.from(bytes).toString('base64')}`;

  /** Replaces the original with the given data URL; expects a 400 and everything as it was. */
  async function refused(newImage: string, error: string, message: string) {
    const before = { rows: await rowsOf(test, payerId), blobs: blobFiles(test) };
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/character-replacement/replace',
      headers: payer.headers,
      payload: { original_file_id: original, new_image: newImage },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(400);
    expect(response.json()).toEqual({ error, message });
    expect(await rowsOf(test, payerId)).toEqual(before.rows);
    expect(blobFiles(test)).toEqual(before.blobs);
    const still = await test.app.inject({ method: 'GET', url: `/api/upload/image/user/${original}`, headers: payer.headers });
    expect(still.statusCode).toBe(200);
  }

  it('refuses bytes that are not an image, whatever the data URL says', async () => {
    for (const { bytes } of notImageFiles()) await refused(dataUrl('png', bytes), 'not_image', MESSAGE_NOT_IMAGE);
  });

  it('refuses a 100000 × 100000 image header without decoding it', async () => {
    await refused(dataUrl('png', hugeIhdrPng()), 'too_many_pixels', MESSAGE_TOO_MANY_PIXELS);
  });

  it('refuses an image wider than a card may be, though few pixels (30000 × 1)', async () => {
    const wide = await sharp({ create: { width: 30_000, height: 1, channels: 3, background: '#39c' } })
      .png()
      .toBuffer();
    await refused(dataUrl('png', wide), 'too_many_pixels', MESSAGE_TOO_MANY_PIXELS);
  });

  it('refuses JPEG and PNG images cut off inside their pixel data', async () => {
    const jpeg = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c83' } })
      .jpeg()
      .toBuffer();
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#c83' } })
      .png()
      .toBuffer();
    await refused(dataUrl('jpeg', jpeg.subarray(0, jpeg.length >> 1)), 'not_image', MESSAGE_NOT_IMAGE);
    await refused(dataUrl('png', png.subarray(0, png.length >> 1)), 'not_image', MESSAGE_NOT_IMAGE);
  });
});
