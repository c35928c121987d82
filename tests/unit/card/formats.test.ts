import { Buffer } from 'node:buffer';
import { deflateSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  CardError,
  cardToCharx,
  cardToJsonFile,
  readCard,
  readCardFile,
  readEmbeddedAssets,
  DEFAULT_CARD_LIMITS,
  writeCard,
  type CardFile,
} from '@core/card/index';
import { testCard } from '../../support/cards';
import {
  apng,
  assetsFor,
  cardWithAssets,
  charx,
  imageWithCharx,
  jsonV1,
  jsonV2,
  jsonV3,
  picture,
  pngWithAssets,
  risuCharx,
  yamlCard,
} from '../../support/cardFiles';
import { craftZip } from '../../support/craftZip';
import { listChunks } from './helpers';

const utf8 = (text: string) => new TextEncoder().encode(text);

async function refused(read: Promise<unknown>, code: string): Promise<CardError> {
  const error = await read.then(
    () => expect.fail(`expected CardError ${code}`),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(CardError);
  expect((error as CardError).code).toBe(code);
  return error as CardError;
}

/** What the server stores: the card written into its picture (or any PNG) with its assets. */
function store(file: CardFile): Uint8Array {
  return writeCard(file.picture?.ext === 'png' ? file.picture.data : picture(1), file.card, file.assets ? { assets: file.assets } : {});
}

function assetsOf(png: Uint8Array) {
  const read = readCard(png);
  return readEmbeddedAssets(png, read.assetChunks, DEFAULT_CARD_LIMITS);
}

describe('card files in', () => {
  it('reads a PNG card and leaves its asset chunks to be kept byte for byte', async () => {
    const { png, card } = pngWithAssets(1);
    const file = await readCardFile(png, { name: 'x.png', type: 'image/png' });
    expect(file).toMatchObject({ source: 'png', format: 'v3', picture: { ext: 'png', data: png } });
    expect(file.assets).toBeUndefined();
    expect(file.card).toEqual(card);
  });

  it('reads an APNG (animation chunks beside the card) as a PNG card', async () => {
    const png = writeCard(apng(3), testCard({ name: 'Moving' }));
    const file = await readCardFile(png, { name: 'moving.apng', type: 'image/apng' });
    expect(file.card.data.name).toBe('Moving');
    expect(listChunks(store(file)).map((chunk) => chunk.type)).toEqual(expect.arrayContaining(['acTL', 'fcTL']));
  });

  it.each([
    ['V1', jsonV1, 'v1'],
    ['V2 (chub.ai, SillyTavern)', jsonV2, 'v2'],
    ['V3 (RisuAI)', jsonV3, 'v3'],
  ] as const)('reads a %s .json card', async (_, make, format) => {
    const card = testCard({ name: 'Jason', description: 'Line one\nLine "two"' });
    const file = await readCardFile(make(card), { name: 'jason.json', type: 'application/json' });
    expect(file).toMatchObject({ source: 'json', format, picture: null, assets: [] });
    expect(file.card.data).toMatchObject({ name: 'Jason', description: 'Line one\nLine "two"', first_mes: card.data.first_mes });
  });

  it('reads the Gradio layout SillyTavern also takes, and a JSON with a BOM', async () => {
    const gradio = utf8(
      '\ufeff{"char_name":"Gradio","char_persona":"kind","world_scenario":"a field","char_greeting":"Hi","example_dialogue":"<START>"}',
    );
    const { card } = await readCardFile(gradio, { name: 'g.json' });
    expect(card.data).toMatchObject({ name: 'Gradio', description: 'kind', scenario: 'a field', first_mes: 'Hi', mes_example: '<START>' });
  });

  it("turns a V3 JSON's data: URL assets into asset chunks, its main icon into the picture, and gives them back in its .json export", async () => {
    const icon = picture(7);
    const emotion = picture(8);
    const card = testCard({
      assets: [
        { type: 'icon', uri: `data:image/png;base64,${Buffer.from(icon).toString('base64')}`, name: 'main', ext: 'png' },
        { type: 'emotion', uri: `data:image/png;base64,${Buffer.from(emotion).toString('base64')}`, name: 'happy', ext: 'png' },
      ],
    });
    const file = await readCardFile(jsonV3(card), { name: 'risu.json' });
    expect(file.picture).toEqual({ data: icon, ext: 'png' });
    expect(file.card.data.assets).toEqual([
      { type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' },
      { type: 'emotion', uri: '__asset:0', name: 'happy', ext: 'png' },
    ]);
    const stored = store(file);
    expect(assetsOf(stored)).toEqual([{ path: '0', data: emotion }]);
    const back = JSON.parse(new TextDecoder().decode(cardToJsonFile(stored))) as { spec: string; data: { assets: unknown[] } };
    expect(back.spec).toBe('chara_card_v3');
    expect(back.data.assets[1]).toEqual(card.data.assets![1]);
  });

  it("reads SillyTavern's YAML layout (name, context, greeting)", async () => {
    const file = await readCardFile(yamlCard('Yamlia', 'A careful archivist.\nShe hums.', 'Welcome, {{user}}.'), { name: 'yamlia.yml' });
    expect(file).toMatchObject({ source: 'yaml', picture: null });
    expect(file.card.data).toMatchObject({
      name: 'Yamlia',
      description: 'A careful archivist.\nShe hums.\n',
      first_mes: 'Welcome, {{user}}.',
    });
  });

  it('reads a .charx: card.json, the main icon as the picture, other assets as chunks, module.risum kept (never run)', async () => {
    const { bytes, icon, emotion, module } = risuCharx(3);
    const file = await readCardFile(bytes, { name: 'risu.charx', type: '' });
    expect(file).toMatchObject({ source: 'charx', format: 'v3', picture: { data: icon, ext: 'png' } });
    expect(file.card.data.assets).toEqual([
      { type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' },
      { type: 'emotion', uri: '__asset:0', name: 'happy', ext: 'png' },
    ]);
    expect(file.assets).toEqual([
      { path: '0', data: emotion },
      { path: 'module.risum', data: module },
      { path: 'x_meta/1.json', data: utf8('{"type":"png"}') },
    ]);
  });

  it("reads RisuAI's JPEG and WebP with a .charx behind the picture", async () => {
    const { bytes, icon } = risuCharx(4);
    const jpeg = imageWithCharx(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9), bytes);
    expect((await readCardFile(jpeg, { name: 'risu.jpg', type: 'image/jpeg' })).picture).toEqual({ data: icon, ext: 'png' });
    const webpHead = utf8('RIFF\u0000\u0000\u0000\u0000WEBPVP8 ');
    const noIcon = charx({ card: testCard({ name: 'Front' }) });
    const webp = imageWithCharx(webpHead, noIcon);
    const file = await readCardFile(webp, { name: 'risu.webp', type: 'image/webp' });
    expect(file).toMatchObject({ source: 'webp', picture: { ext: 'webp', data: webp } });
    expect(file.card.data.name).toBe('Front');
  });

  it('refuses a JPEG or WebP with no card, and text that is no card format', async () => {
    await refused(readCardFile(Uint8Array.of(0xff, 0xd8, 0xff, 0xdb, 0, 0), { name: 'photo.jpg' }), 'no_card_in_image');
    await refused(readCardFile(utf8('just some notes'), { name: 'notes' }), 'unsupported_type');
    await refused(readCardFile(utf8('not json'), { name: 'x.json' }), 'invalid_card_file');
    await refused(readCardFile(utf8('GIF89a'), { name: 'x.png', type: 'image/png' }), 'bad_signature');
    await refused(readCardFile(utf8('[1, 2]'), { name: 'x.json' }), 'invalid_card_file');
  });
});

describe('card files out, and round trips', () => {
  it('PNG → .charx → PNG keeps the card and every asset', async () => {
    const { png, card, assets } = pngWithAssets(5, cardWithAssets({ name: 'Round Trip', tags: ['a', 'b'] }));
    const archive = cardToCharx(png);
    const file = await readCardFile(archive, { name: 'round.charx' });
    expect(file.card).toEqual(card);
    const again = store(file);
    expect(readCard(again).card).toEqual(card);
    expect(assetsOf(again)).toEqual(assets);
    // The picture is the same image, without the card chunks.
    expect(file.picture!.data.length).toBeLessThan(png.length);
  });

  it('charx → PNG → charx keeps module.risum, x_meta and the assets at their places', async () => {
    const { bytes, emotion, module } = risuCharx(6);
    const stored = store(await readCardFile(bytes));
    const back = await readCardFile(cardToCharx(stored));
    expect(back.assets).toEqual([
      { path: '0', data: emotion },
      { path: 'module.risum', data: module },
      { path: 'x_meta/1.json', data: utf8('{"type":"png"}') },
    ]);
  });

  it('PNG → .json → PNG keeps the card and its assets (as data: URLs in between)', async () => {
    const { png, card, assets } = pngWithAssets(9);
    const json = cardToJsonFile(png);
    const file = await readCardFile(json, { name: 'card.json' });
    expect(file.card).toEqual(card);
    expect(file.assets).toEqual(assets);
  });

  it('gives a V2 card a main icon entry in its .charx, pointing at the picture', async () => {
    const png = writeCard(picture(10), testCard({ name: 'Old' }));
    const file = await readCardFile(cardToCharx(png));
    expect(file.card.data.assets).toEqual([{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }]);
    expect(file.picture?.ext).toBe('png');
  });
});

describe('hostile .charx', () => {
  const cardJson = utf8(JSON.stringify({ spec: 'chara_card_v3', spec_version: '3.0', data: { name: 'x' } }));

  it('refuses a zip bomb by its declared sizes before inflating anything', async () => {
    // A real bomb, under a 1 MiB cap so the test stays quick: 4 MiB of zeros in ~4 KiB.
    const zeros = deflateSync(new Uint8Array(4 * 1024 * 1024));
    const bomb = craftZip([
      { name: 'card.json', data: cardJson },
      { name: 'assets/other/other/0.bin', data: zeros, method: 8, size: 4 * 1024 * 1024, crc: 0 },
    ]);
    await refused(readCardFile(bomb, {}, { maxFileBytes: 1024 * 1024 }), 'archive_too_large');
    // A header declaring 4 GB in a file of a few bytes costs nothing either.
    await refused(
      readCardFile(
        craftZip([
          { name: 'card.json', data: cardJson },
          { name: 'a.bin', data: zeros, method: 8, size: 0xffffffff, crc: 0 },
        ]),
      ),
      'archive_too_large',
    );
    // Under the total cap, but a ratio no real file has.
    await refused(
      readCardFile(
        craftZip([
          { name: 'card.json', data: cardJson },
          { name: 'a.bin', data: zeros, method: 8, size: 4 * 1024 * 1024, crc: 0 },
        ]),
      ),
      'archive_too_large',
    );
  });

  it('refuses an entry that inflates past what its header declares', async () => {
    const lying = craftZip([{ name: 'card.json', data: deflateSync(new Uint8Array(50_000).fill(0x20)), method: 8, size: 1000 }]);
    await refused(readCardFile(lying), 'bad_archive');
  });

  it.each([
    ['../card.json'],
    ['/etc/passwd'],
    ['C:/Windows/win.ini'],
    ['assets\\..\\..\\evil.png'],
    ['assets/__proto__/x.png'],
    ['assets/a\u0000.png'],
  ])('refuses an entry named %j', async (name) => {
    await refused(
      readCardFile(
        craftZip([
          { name: 'card.json', data: cardJson },
          { name, data: utf8('x') },
        ]),
      ),
      'unsafe_archive',
    );
  });

  it('refuses one name twice, thousands of entries, encryption, and a zip with no card.json', async () => {
    await refused(
      readCardFile(
        craftZip([
          { name: 'card.json', data: cardJson },
          { name: 'CARD.json', data: cardJson },
        ]),
      ),
      'unsafe_archive',
    );
    const many = Array.from({ length: 5000 }, (_, i) => ({ name: `assets/other/other/${i}.bin`, data: Uint8Array.of(i % 256) }));
    await refused(readCardFile(craftZip([{ name: 'card.json', data: cardJson }, ...many])), 'archive_too_large');
    await refused(readCardFile(craftZip([{ name: 'card.json', data: cardJson, flags: 0x801 }])), 'bad_archive');
    await refused(readCardFile(zipSync({ 'other.json': cardJson })), 'bad_archive');
  });

  it('keeps a zip inside the .charx as bytes, never opening it', async () => {
    const inner = zipSync({ 'card.json': utf8('{"name":"inner"}') });
    const file = await readCardFile(zipSync({ 'card.json': cardJson, 'nested.zip': inner }));
    expect(file.card.data.name).toBe('x');
    expect(file.assets).toEqual([{ path: 'nested.zip', data: inner }]);
  });

  it("refuses a card.json that isn't a card, with the text file's message", async () => {
    await refused(readCardFile(zipSync({ 'card.json': utf8('{"hello":"world"}') })), 'invalid_card_file');
    await refused(readCardFile(zipSync({ 'card.json': utf8('['.repeat(100) + ']'.repeat(100)) })), 'invalid_card_file');
  });
});

describe('hostile YAML', () => {
  it('refuses an alias bomb (billion laughs) quickly, without expanding it', async () => {
    const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      lines.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    lines.push('name: *j');
    await refused(readCardFile(utf8(lines.join('\n')), { name: 'bomb.yaml' }), 'invalid_card_file');
  });

  it('refuses deep nesting, flow or block, before parsing', async () => {
    const flow = `name: x\ncontext: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`;
    await refused(readCardFile(utf8(flow), { name: 'deep.yaml' }), 'invalid_card_file');
    const block = Array.from({ length: 200 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
    await refused(readCardFile(utf8(`name: x\n${block} 1\n`), { name: 'deep.yml' }), 'invalid_card_file');
  });

  it('refuses a YAML card over its size cap, tags it does not know, and a mapping without a name', async () => {
    await refused(readCardFile(utf8(`name: x\ncontext: "${'a'.repeat(1024 * 1024)}"\n`), { name: 'big.yaml' }), 'card_file_too_large');
    await refused(readCardFile(utf8('name: !!js/function "() => 1"\n'), { name: 'tag.yaml' }), 'invalid_card_file');
    await refused(readCardFile(utf8('context: no name\n'), { name: 'anon.yaml' }), 'invalid_card_file');
  });

  it('stores __proto__ keys without polluting any prototype', async () => {
    const file = await readCardFile(utf8('name: x\n__proto__: {polluted: true}\ncontext: fine\n'), { name: 'proto.yaml' });
    expect(file.card.data.description).toBe('fine');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('assets that cannot be kept', () => {
  it('refuses to write a PNG its assets would push past the cap, naming the reason', () => {
    const card = cardWithAssets();
    expect(() => writeCard(picture(1), card, { assets: assetsFor(1), limits: { maxFileBytes: 2000 } })).toThrow(
      expect.objectContaining({ code: 'too_large_as_png' }),
    );
  });
});
