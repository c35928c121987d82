/**
 * The card downloads as RisuAI reads them back. RisuAI's JSON import (importCharacterCardSpec) walks
 * `data.assets`: a `data:` URI is base64 after the comma, `ccdefault:` means the PNG the card came
 * in (none for a bare .json), an icon named 'main' becomes the character's picture, and every other
 * entry an asset of its type. `risuJsonPicture` follows those rules, written here from that reading.
 * Its PNG import saves every `chara-ext-asset_` tEXt chunk as an asset (a picture) under the key
 * after `chara-ext-asset_:` and fails on an `__asset:` URI whose key it has not seen; it reads modules
 * (module.risum) from a .charx only. `risuPngAssetKeys` lists what that import saves.
 */
import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import {
  cardToCharx,
  cardToJsonFile,
  pngForOtherApps,
  readCard,
  readCardFile,
  stripCard,
  writeCard,
  type CardFile,
} from '@core/card/index';
import { testCard } from '../../support/cards';
import { imageWithCharx, pngWithAssets, picture, risuCharx } from '../../support/cardFiles';
import { listChunks } from './helpers';

interface RisuAsset {
  type: string;
  uri: string;
  name: string;
  ext: string;
}

function parsed(json: Uint8Array): { spec: string; data: { assets?: RisuAsset[] } } {
  return JSON.parse(new TextDecoder().decode(json)) as { spec: string; data: { assets?: RisuAsset[] } };
}

/** The picture RisuAI takes from a bare .json card: the bytes of the icon named 'main', if it has them. */
function risuJsonPicture(json: Uint8Array): Uint8Array | undefined {
  let picture: Uint8Array | undefined;
  for (const asset of parsed(json).data.assets ?? []) {
    if (!asset.uri.startsWith('data:')) continue;
    const bytes = new Uint8Array(Buffer.from(asset.uri.split(',')[1]!, 'base64'));
    if (asset.type === 'icon' && asset.name === 'main') picture = bytes;
  }
  return picture;
}

/** The keys RisuAI's PNG import saves as assets: every tEXt chunk named `chara-ext-asset_…`. */
function risuPngAssetKeys(png: Uint8Array): string[] {
  const prefix = 'chara-ext-asset_';
  return listChunks(png)
    .filter((chunk) => chunk.type === 'tEXt')
    .map((chunk) => new TextDecoder('latin1').decode(chunk.data.subarray(0, chunk.data.indexOf(0))))
    .filter((keyword) => keyword.startsWith(prefix))
    .map((keyword) => keyword.slice(prefix.length).replace(/^:/, ''));
}

/** What the server stores for an uploaded file: the card written into its picture with its assets. */
function store(file: CardFile): Uint8Array {
  return writeCard(file.picture!.data, file.card, { assets: file.assets! });
}

describe('the PNG download as RisuAI reads it', () => {
  it("leaves out a .charx's module.risum and x_meta, which RisuAI would save as pictures, keeping every asset the card names", async () => {
    const stored = store(await readCardFile(risuCharx(31).bytes, { name: 'risu.charx' }));
    expect(risuPngAssetKeys(stored)).toEqual(['0', 'module.risum', 'x_meta/1.json']);
    const out = pngForOtherApps(stored);
    expect(risuPngAssetKeys(out)).toEqual(['0']);
    const { card } = readCard(out);
    expect(card).toEqual(readCard(stored).card);
    for (const entry of card.data.assets as { uri: string }[]) {
      if (entry.uri.startsWith('__asset:')) expect(risuPngAssetKeys(out)).toContain(entry.uri.slice('__asset:'.length));
    }
    // The module stays where RisuAI reads it back: in the .charx made from the stored card.
    expect((await readCardFile(cardToCharx(stored))).assets).toContainEqual({ path: 'module.risum', data: risuCharx(31).module });
  });

  it("does the same for RisuAI's JPEG, a .charx behind the picture", async () => {
    const { bytes } = risuCharx(33);
    const jpeg = imageWithCharx(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9), bytes);
    const stored = store(await readCardFile(jpeg, { name: 'risu.jpg', type: 'image/jpeg' }));
    expect(risuPngAssetKeys(pngForOtherApps(stored))).toEqual(['0']);
    expect((await readCardFile(cardToCharx(stored))).assets!.map((asset) => asset.path)).toContain('module.risum');
  });

  it('gives back a PNG with nothing to leave out as it is, numbered chunks the card forgot included', () => {
    const { png } = pngWithAssets(32, testCard({ assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }] }));
    expect(risuPngAssetKeys(png)).toEqual(['0', '1']);
    expect(pngForOtherApps(png)).toBe(png);
  });
});

describe('the .json download as RisuAI reads it', () => {
  it("carries the card's picture as the main icon's data: URL, never ccdefault:", () => {
    const { png } = pngWithAssets(21);
    const json = cardToJsonFile(png);
    expect(new TextDecoder().decode(json)).not.toContain('ccdefault:');
    expect(risuJsonPicture(json)).toEqual(stripCard(png));
    expect(parsed(json).data.assets![0]).toMatchObject({ type: 'icon', name: 'main', ext: 'png' });
    expect(parsed(json).data.assets![0]!.uri).toMatch(/^data:image\/png;base64,/);
  });

  it('gives a card without assets (V2) a main icon with its picture', () => {
    const png = writeCard(picture(22), testCard({ name: 'Old' }));
    const json = cardToJsonFile(png);
    expect(parsed(json).spec).toBe('chara_card_v3');
    expect(parsed(json).data.assets).toHaveLength(1);
    expect(risuJsonPicture(json)).toEqual(stripCard(png));
  });

  it('adds a main icon before the assets of a card that names none, keeping the others as they were', () => {
    const card = testCard({ assets: [{ type: 'background', uri: 'https://example.invalid/bg.png', name: 'bg', ext: 'png' }] });
    const png = writeCard(picture(23), card);
    const assets = parsed(cardToJsonFile(png)).data.assets!;
    expect(assets.map((asset) => asset.name)).toEqual(['main', 'bg']);
    expect(assets[1]).toEqual(card.data.assets![0]);
  });

  it('keeps a main icon the card carries as its own file, as that file', () => {
    const icon = picture(25);
    const card = testCard({ assets: [{ type: 'icon', uri: '__asset:0', name: 'main', ext: 'png' }] });
    const json = cardToJsonFile(writeCard(picture(26), card, { assets: [{ path: '0', data: icon }] }));
    expect(parsed(json).data.assets).toHaveLength(1);
    expect(risuJsonPicture(json)).toEqual(icon);
  });

  it('comes back here as the same card with the same picture (PNG → .json → PNG)', async () => {
    const { png, card, assets } = pngWithAssets(24);
    const file = await readCardFile(cardToJsonFile(png), { name: 'card.json' });
    expect(file.card).toEqual(card);
    expect(file.assets).toEqual(assets);
    expect(file.picture).toEqual({ data: stripCard(png), ext: 'png' });
    const again = writeCard(file.picture!.data, file.card, { assets: file.assets! });
    expect(cardToJsonFile(again)).toEqual(cardToJsonFile(png));
  });
});
