/**
 * Every card format through the real upload route, and back out as the PNG, the V3 .json and the
 * .charx. The PNG is checked with a chunk reader of this test's own (not core/card), as SillyTavern
 * would read it: tEXt chunks only.
 */
import { Buffer } from 'node:buffer';
import { unzipSync, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { encodeTextChunk, makePng, toV2Json, toV3Json, writeCard } from '@core/card/index';
import { updateUser } from '../../server/db/repositories/users';
import { testCard } from '../support/cards';
import {
  apng,
  cardWithAssets,
  imageWithCharx,
  jsonV1,
  jsonV2,
  jsonV3,
  picture,
  pngWithAssets,
  risuCharx,
  yamlCard,
} from '../support/cardFiles';
import { upload, userOf, type Uploader } from './cards';
import { createTestApp, databases, type TestApp } from './helpers';

/** tEXt chunks by keyword, read the plain way (length, type, Latin-1 keyword, NUL, text). */
function textChunks(png: Uint8Array): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  for (let at = 8; at + 12 <= png.length;) {
    const length = view.getUint32(at);
    const type = Buffer.from(png.subarray(at + 4, at + 8)).toString('latin1');
    if (type === 'tEXt') {
      const data = Buffer.from(png.subarray(at + 8, at + 8 + length));
      const nul = data.indexOf(0);
      const keyword = data.subarray(0, nul).toString('latin1');
      out.set(keyword, [...(out.get(keyword) ?? []), data.subarray(nul + 1).toString('latin1')]);
    }
    at += 12 + length;
  }
  return out;
}

interface CardJson {
  spec: string;
  spec_version: string;
  name?: string;
  data: { name: string; description: string; first_mes: string; assets?: { type: string; uri: string; name: string; ext: string }[] };
}

/** The `chara` and `ccv3` cards of a PNG, each from exactly one tEXt chunk. */
function cardsIn(png: Uint8Array): { chara: CardJson; ccv3: CardJson; assets: Map<string, Buffer> } {
  const chunks = textChunks(png);
  expect(chunks.get('chara')).toHaveLength(1);
  expect(chunks.get('ccv3')).toHaveLength(1);
  const decode = (text: string) => JSON.parse(Buffer.from(text, 'base64').toString('utf8')) as CardJson;
  const assets = new Map<string, Buffer>();
  for (const [keyword, [text]] of chunks) {
    if (keyword.startsWith('chara-ext-asset_:')) assets.set(keyword.slice('chara-ext-asset_:'.length), Buffer.from(text!, 'base64'));
  }
  return { chara: decode(chunks.get('chara')![0]!), ccv3: decode(chunks.get('ccv3')![0]!), assets };
}

describe.each(databases)('card formats in and out (%s)', (dialect) => {
  let test: TestApp;
  let user: Uploader;
  let other: Uploader;

  const get = (url: string, who: Uploader | null = user) => test.app.inject({ method: 'GET', url, headers: who?.headers ?? {} });

  async function uploaded(bytes: Uint8Array, filename: string, type = ''): Promise<{ file_id: string; filename: string; width: number }> {
    const response = await upload(test, user, { bytes, filename, type });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    return response.json().data;
  }

  async function downloadedPng(id: string): Promise<Uint8Array> {
    const response = await get(`/api/upload/image/user/${id}?download=1`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    return new Uint8Array(response.rawPayload);
  }

  beforeAll(async () => {
    test = await createTestApp(dialect, { RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    user = await userOf(test, 'formats');
    other = await userOf(test, 'formats-other');
    const profile = (await get('/api/users/profile')).json();
    // Yearly: no slot limit, and 'Change Character' is allowed.
    await updateUser(test.db.kysely, profile.uid, { plan: 'yearly' });
  });
  afterAll(() => test.close());

  const jpegOf = async (seed: number) =>
    new Uint8Array(
      await sharp({ create: { width: 20, height: 30, channels: 3, background: { r: seed % 256, g: 90, b: 40 } } })
        .jpeg()
        .toBuffer(),
    );
  const webpOf = async (seed: number) =>
    new Uint8Array(
      await sharp({ create: { width: 20, height: 30, channels: 3, background: { r: 10, g: seed % 256, b: 40 } } })
        .webp()
        .toBuffer(),
    );

  const cases: [string, () => Promise<{ bytes: Uint8Array; filename: string; type?: string; name: string; assets: number }>][] = [
    [
      'a PNG carrying its card in iTXt only',
      async () => {
        const card = testCard({ name: 'Itxt Ivy' });
        const bytes = makePng({
          width: 4,
          height: 6,
          chunks: [encodeTextChunk('iTXt', 'chara', Buffer.from(JSON.stringify(toV2Json(card))).toString('base64'), { compressed: true })],
        });
        return { bytes, filename: 'ivy.png', type: 'image/png', name: 'Itxt Ivy', assets: 0 };
      },
    ],
    [
      'a PNG with embedded assets (RisuAI)',
      async () => {
        const { png, card } = pngWithAssets(12);
        return { bytes: png, filename: 'risu.png', type: 'image/png', name: card.data.name, assets: 2 };
      },
    ],
    [
      'an APNG',
      async () => {
        const bytes = writeCard(apng(21, { width: 6, height: 9 }), testCard({ name: 'Animated Ana' }));
        return { bytes, filename: 'ana.apng', type: 'image/apng', name: 'Animated Ana', assets: 0 };
      },
    ],
    [
      'a V1 .json',
      async () => ({
        bytes: jsonV1(testCard({ name: 'Vee One' })),
        filename: 'v1.json',
        type: 'application/json',
        name: 'Vee One',
        assets: 0,
      }),
    ],
    [
      'a V2 .json (chub.ai)',
      async () => ({
        bytes: jsonV2(testCard({ name: 'Vee Two' })),
        filename: 'chub.json',
        type: 'application/json',
        name: 'Vee Two',
        assets: 0,
      }),
    ],
    [
      'a V3 .json (RisuAI)',
      async () => ({
        bytes: jsonV3(testCard({ name: 'Vee Three' })),
        filename: 'risu.json',
        type: 'application/json',
        name: 'Vee Three',
        assets: 0,
      }),
    ],
    [
      'a .charx',
      async () => {
        const { bytes, card } = risuCharx(13);
        // The emotion it names; module.risum and x_meta stay stored for the .charx download only.
        return { bytes, filename: 'risu.charx', name: card.data.name, assets: 1 };
      },
    ],
    [
      'a SillyTavern .yaml',
      async () => ({ bytes: yamlCard('Yara', 'Tends the lighthouse.', 'Ahoy!'), filename: 'yara.yaml', name: 'Yara', assets: 0 }),
    ],
    [
      'a .yml sent as text/yaml',
      async () => ({
        bytes: yamlCard('Yves', 'Bakes bread.', 'Fresh loaves!'),
        filename: 'yves.yml',
        type: 'text/yaml',
        name: 'Yves',
        assets: 0,
      }),
    ],
    [
      "RisuAI's JPEG with a .charx behind it",
      async () => {
        const charx = zipSync({ 'card.json': new TextEncoder().encode(JSON.stringify(toV3Json(testCard({ name: 'Jay Peg' })))) });
        return { bytes: imageWithCharx(await jpegOf(14), charx), filename: 'jay.jpg', type: 'image/jpeg', name: 'Jay Peg', assets: 0 };
      },
    ],
    [
      'a WebP with a .charx behind it',
      async () => {
        const charx = zipSync({ 'card.json': new TextEncoder().encode(JSON.stringify(toV3Json(testCard({ name: 'Webb' })))) });
        return { bytes: imageWithCharx(await webpOf(15), charx), filename: 'webb.webp', type: 'image/webp', name: 'Webb', assets: 0 };
      },
    ],
  ];

  it.each(cases)('stores %s as a PNG card SillyTavern reads (tEXt chara V2 + ccv3 V3)', async (_, make) => {
    const { bytes, filename, type, name, assets } = await make();
    const item = await uploaded(bytes, filename, type);
    expect(item.filename).toMatch(/\.png$/);
    const png = await downloadedPng(item.file_id);
    const { chara, ccv3, assets: embedded } = cardsIn(png);
    expect(chara).toMatchObject({ spec: 'chara_card_v2', spec_version: '2.0', name, data: { name } });
    expect(ccv3).toMatchObject({ spec: 'chara_card_v3', data: { name } });
    expect(embedded.size).toBe(assets);
    // Every __asset: URI the card names has its chunk.
    for (const entry of ccv3.data.assets ?? []) {
      if (entry.uri.startsWith('__asset:')) expect(embedded.has(entry.uri.slice('__asset:'.length)), entry.uri).toBe(true);
    }
    const thumb = await get(`/api/upload/image/thumbnail/${item.file_id}/240.webp`);
    expect(thumb.statusCode).toBe(200);
  });

  it('gives a card without a picture the default portrait, and a .charx its main icon', async () => {
    const json = await uploaded(jsonV3(testCard({ name: 'No Picture' })), 'nopic.json', 'application/json');
    expect(json.width).toBe(512);
    const { bytes, icon } = risuCharx(16);
    const charx = await uploaded(bytes, 'icon.charx');
    expect(charx.width).toBe((await sharp(icon).metadata()).width);
  });

  it('downloads a card as V3 .json and as .charx with its assets, for its owner only', async () => {
    const { png, card, assets } = pngWithAssets(17, cardWithAssets({ name: 'Exporter' }));
    const item = await uploaded(png, 'exporter.png', 'image/png');

    const json = await get(`/api/upload/card/${item.file_id}/download/json`);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(json.headers['content-disposition']).toContain('Exporter.json');
    const v3 = JSON.parse(json.body) as CardJson;
    expect(v3).toMatchObject({ spec: 'chara_card_v3', data: { name: 'Exporter' } });
    expect(v3.data.assets![1]!.uri).toBe(`data:image/png;base64,${Buffer.from(assets[0]!.data).toString('base64')}`);
    // A bare .json has no PNG for `ccdefault:` to mean: RisuAI takes its picture from the main icon's data: URL.
    expect(json.body).not.toContain('ccdefault:');
    const main = v3.data.assets![0]!;
    expect(main).toMatchObject({ type: 'icon', name: 'main', ext: 'png' });
    expect(Buffer.from(main.uri.slice(main.uri.indexOf(',') + 1), 'base64').subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const charx = await get(`/api/upload/card/${item.file_id}/download/charx`);
    expect(charx.statusCode).toBe(200);
    expect(charx.headers['content-disposition']).toContain('Exporter.charx');
    const files = unzipSync(new Uint8Array(charx.rawPayload));
    const inside = JSON.parse(Buffer.from(files['card.json']!).toString('utf8')) as CardJson;
    expect(inside.data.name).toBe('Exporter');
    for (const entry of inside.data.assets!.filter((e) => e.uri.startsWith('embeded://'))) {
      expect(files[entry.uri.slice('embeded://'.length)], entry.uri).toBeDefined();
    }
    const happy = inside.data.assets!.find((entry) => entry.name === 'happy')!;
    expect(Buffer.from(files[happy.uri.slice('embeded://'.length)]!)).toEqual(Buffer.from(assets[0]!.data));
    expect(card.data.name).toBe('Exporter');

    for (const format of ['json', 'charx']) {
      const stranger = await get(`/api/upload/card/${item.file_id}/download/${format}`, other);
      expect(stranger.statusCode).toBe(404);
      expect((await get(`/api/upload/card/${item.file_id}/download/${format}`, null)).statusCode).toBe(404);
    }
    expect((await get(`/api/upload/card/${item.file_id}/download/yaml`)).statusCode).toBe(400);
  });

  it("keeps a .charx's module.risum for the .charx download and leaves it out of the PNG, where RisuAI would take it for a picture", async () => {
    const { bytes, module } = risuCharx(19);
    const item = await uploaded(bytes, 'module.charx');
    const { assets } = cardsIn(await downloadedPng(item.file_id));
    expect([...assets.keys()]).toEqual(['0']);
    const charx = await get(`/api/upload/card/${item.file_id}/download/charx`);
    expect(charx.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(charx.rawPayload));
    expect(Buffer.from(files['module.risum']!)).toEqual(Buffer.from(module));
  });

  it('rewrites a card stored before uploads were rewritten (iTXt only) on its way out', async () => {
    const item = await uploaded(pngWithAssets(18).png, 'old.png', 'image/png');
    const row = await test.db.kysely
      .selectFrom('images')
      .select(['blob_key', 'card_json'])
      .where('id', '=', item.file_id)
      .executeTakeFirstOrThrow();
    const card = JSON.parse(row.card_json);
    const legacy = makePng({
      width: 2,
      height: 3,
      chunks: [encodeTextChunk('iTXt', 'chara', Buffer.from(JSON.stringify(toV2Json(card))).toString('base64'))],
    });
    await test.app.blobs.put(row.blob_key, legacy, 'image/png');
    const { chara, ccv3 } = cardsIn(await downloadedPng(item.file_id));
    expect(chara.data.name).toBe(card.data.name);
    expect(ccv3.data.name).toBe(card.data.name);
  });

  describe('Change Character', () => {
    const dataUrl = async (width: number, height: number) =>
      `data:image/png;base64,${(
        await sharp({ create: { width, height, channels: 4, background: '#3a6' } })
          .png()
          .toBuffer()
      ).toString('base64')}`;
    const replace = (body: Record<string, unknown>) =>
      test.app.inject({ method: 'POST', url: '/api/character-replacement/replace', headers: user.headers, payload: body });

    it('keeps the embedded assets in the new picture', async () => {
      const { png, assets } = pngWithAssets(19);
      const item = await uploaded(png, 'assets.png', 'image/png');
      const response = await replace({ original_file_id: item.file_id, new_image: await dataUrl(30, 45), new_name: 'Renamed' });
      expect(response.statusCode, response.body).toBe(200);
      const { ccv3, assets: embedded } = cardsIn(await downloadedPng(response.json().data.file_id));
      expect(ccv3.data.name).toBe('Renamed');
      expect([...embedded.keys()]).toEqual(['0', '1']);
      expect(embedded.get('0')).toEqual(Buffer.from(assets[0]!.data));
      expect(ccv3.data.assets!.map((entry) => entry.uri)).toContain('__asset:0');
    });

    it('tells the user before saving when the assets cannot be kept, and saves without them only when asked', async () => {
      // Assets that fit beside a tiny picture but not beside a large, noisy one.
      const heavy = writeCard(picture(20), cardWithAssets({ name: 'Heavy' }), {
        assets: [
          { path: '0', data: new Uint8Array(randomBytes(11 * 1024 * 1024)) },
          { path: '1', data: Uint8Array.of(1) },
        ],
      });
      const item = await uploaded(heavy, 'heavy.png', 'image/png');
      // Noise does not compress: about 7.7 MB of PNG, under the 10 MB a replacement image may be.
      const noisy = await sharp(randomBytes(1600 * 1600 * 3), { raw: { width: 1600, height: 1600, channels: 3 } })
        .png()
        .toBuffer();
      const body = { original_file_id: item.file_id, new_image: `data:image/png;base64,${noisy.toString('base64')}` };
      expect(noisy.length).toBeLessThan(10 * 1024 * 1024);
      const refused = await replace(body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ error: 'assets_not_kept' });
      expect(refused.json().message).toContain("2 embedded assets can't be kept");
      expect((await get(`/api/upload/image/user/${item.file_id}`)).statusCode).toBe(200);

      const saved = await replace({ ...body, drop_assets: true });
      expect(saved.statusCode, saved.body).toBe(200);
      const { ccv3, assets } = cardsIn(await downloadedPng(saved.json().data.file_id));
      expect(assets.size).toBe(0);
      expect(ccv3.data.assets!.some((entry) => entry.uri.startsWith('__asset:'))).toBe(false);
    });
  });
});
