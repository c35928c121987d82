/**
 * Card files in every format the upload takes, made here from the project's own test cards: V1/V2/V3
 * JSON, SillyTavern YAML, .charx (fflate, as RisuAI zips them), RisuAI's JPEG with a .charx behind it,
 * and PNGs with embedded asset chunks. Nothing is copied from another project.
 */
import { zipSync, type Zippable } from 'fflate';
import { concatBytes, encodeChunk, makePng, toV2Json, toV3Json, writeCard, type Card, type EmbeddedAsset } from '@core/card/index';
import { testCard } from './cards';

const utf8 = (text: string) => new TextEncoder().encode(text);

/** A small PNG whose pixels differ per seed (so two never share bytes). */
export function picture(seed: number, size = { width: 3, height: 4 }): Uint8Array {
  const rgba = new Uint8Array(size.width * size.height * 4).map((_, i) => (i * 31 + seed * 17) % 256);
  new DataView(rgba.buffer).setUint32(0, seed);
  return makePng({ ...size, rgba });
}

/**
 * An APNG of one frame (the default image is the animation's first frame, as the APNG spec allows):
 * acTL and fcTL between IHDR and IDAT, so any APNG reader plays it and any PNG reader shows it.
 */
export function apng(seed: number, size = { width: 3, height: 4 }): Uint8Array {
  const png = picture(seed, size);
  const control = new DataView(new ArrayBuffer(8));
  control.setUint32(0, 1); // frames
  const frame = new DataView(new ArrayBuffer(26));
  frame.setUint32(4, size.width);
  frame.setUint32(8, size.height);
  frame.setUint16(20, 1); // delay 1/100 s
  frame.setUint16(22, 100);
  const afterIhdr = 8 + 25;
  return concatBytes([
    png.subarray(0, afterIhdr),
    encodeChunk('acTL', new Uint8Array(control.buffer)),
    encodeChunk('fcTL', new Uint8Array(frame.buffer)),
    png.subarray(afterIhdr),
  ]);
}

/** A V3 card naming an emotion image and a sound, both embedded, and the picture as its main icon. */
export function cardWithAssets(fields: Partial<Card['data']> = {}): Card {
  return testCard({
    assets: [
      { type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' },
      { type: 'emotion', uri: '__asset:0', name: 'happy', ext: 'png' },
      { type: 'other', uri: '__asset:1', name: 'theme', ext: 'mp3' },
      { type: 'background', uri: 'https://example.invalid/bg.png', name: 'main', ext: 'png' },
    ],
    ...fields,
  });
}

export function assetsFor(seed: number): EmbeddedAsset[] {
  return [
    { path: '0', data: picture(seed + 1000) },
    { path: '1', data: utf8(`ID3 not really an mp3 ${seed}`) },
  ];
}

/** A PNG card with its assets as `chara-ext-asset_:N` chunks, as RisuAI writes one. */
export function pngWithAssets(seed: number, card: Card = cardWithAssets()): { png: Uint8Array; card: Card; assets: EmbeddedAsset[] } {
  const assets = assetsFor(seed);
  return { png: writeCard(picture(seed), card, { assets }), card, assets };
}

export function jsonV1(card: Card = testCard()): Uint8Array {
  const { name, description, personality, scenario, first_mes, mes_example } = card.data;
  return utf8(JSON.stringify({ name, description, personality, scenario, first_mes, mes_example }));
}

/** chub.ai's "Download JSON" and SillyTavern's export: V2 with the V1 fields mirrored on top. */
export function jsonV2(card: Card = testCard()): Uint8Array {
  return utf8(JSON.stringify(toV2Json(card), null, 4));
}

/** RisuAI's JSON export: V3, indented. */
export function jsonV3(card: Card = testCard()): Uint8Array {
  return utf8(JSON.stringify(toV3Json(card), null, 2));
}

/** SillyTavern's YAML layout: name, context (description), greeting (first message). */
export function yamlCard(name: string, context: string, greeting: string): Uint8Array {
  const block = (text: string) =>
    text
      .split('\n')
      .map((line) => `  ${line}`)
      .join('\n');
  return utf8(`name: ${JSON.stringify(name)}\ncontext: |\n${block(context)}\ngreeting: |-\n${block(greeting)}\n`);
}

export interface CharxParts {
  card: Card;
  icon?: Uint8Array;
  /** path → bytes; the card's `embeded://` URIs name these. */
  files?: Record<string, Uint8Array>;
}

/** A .charx as RisuAI lays one out: card.json, assets/{type}/images/…, module.risum, x_meta/. */
export function charx({ card, icon, files = {} }: CharxParts): Uint8Array {
  const zippable: Zippable = Object.create(null) as Zippable;
  zippable['card.json'] = utf8(JSON.stringify(toV3Json(card)));
  if (icon) zippable['assets/icon/image/1.png'] = [icon, { level: 0 }];
  for (const [path, data] of Object.entries(files)) zippable[path] = data;
  return zipSync(zippable);
}

/** A card in RisuAI's .charx layout with an icon, an emotion, a module and x_meta. */
export function risuCharx(seed: number): { bytes: Uint8Array; card: Card; icon: Uint8Array; emotion: Uint8Array; module: Uint8Array } {
  const icon = picture(seed);
  const emotion = picture(seed + 500);
  const module = utf8(`\u0000risum module ${seed}: never run`);
  const card = testCard({
    assets: [
      { type: 'icon', uri: 'embeded://assets/icon/image/1.png', name: 'main', ext: 'png' },
      { type: 'emotion', uri: 'embeded://assets/emotion/image/2.png', name: 'happy', ext: 'png' },
    ],
  });
  const bytes = charx({
    card,
    icon,
    files: { 'assets/emotion/image/2.png': emotion, 'module.risum': module, 'x_meta/1.json': utf8('{"type":"png"}') },
  });
  return { bytes, card, icon, emotion, module };
}

/** RisuAI's JPEG export: a picture in front, the .charx behind it. `front` is the JPEG's bytes. */
export function imageWithCharx(front: Uint8Array, archive: Uint8Array): Uint8Array {
  const out = new Uint8Array(front.length + archive.length);
  out.set(front);
  out.set(archive, front.length);
  return out;
}
