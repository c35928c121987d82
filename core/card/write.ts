/**
 * Card → PNG: the card goes in as `chara` (V2) and `ccv3` (V3) tEXt chunks just before IEND —
 * where SillyTavern puts them — so SillyTavern, RisuAI and chub.ai all read it; embedded assets
 * follow as `chara-ext-asset_:N` tEXt chunks, as RisuAI writes them.
 */
import { ASSET_URI_PREFIX, assetEntries, encodeAssetChunk, pathOfKey } from './assets';
import { encodeBase64 } from './base64';
import { scanPng } from './chunks';
import { CardError } from './errors';
import { checkJsonDepth } from './json';
import { resolveLimits } from './limits';
import { toV2Json, toV3Json } from './normalize';
import { encodeChunk } from './png';
import { readCard } from './read';
import type { Card, CardLimits, EmbeddedAsset } from './types';

const encoder = new TextEncoder();

/** Refuses what readCard would refuse, so every card cardchat writes reads back. */
function cardChunk(keyword: 'chara' | 'ccv3', json: Record<string, unknown>, limits: CardLimits): Uint8Array {
  let text: string;
  try {
    text = JSON.stringify(json);
  } catch (error) {
    throw new CardError('invalid_card', 'not_serialisable', { cause: error });
  }
  const utf8 = encoder.encode(text);
  // readCard takes ccv3 first, so that is the chunk the cap applies to; chara repeats the V1 fields
  // on top of its data (as SillyTavern writes it) and may run to twice that.
  if (keyword === 'ccv3' && utf8.length > limits.maxJsonBytes) throw new CardError('card_too_large', keyword);
  checkJsonDepth(utf8, limits.maxDepth);
  const base64 = encodeBase64(utf8);
  const data = new Uint8Array(keyword.length + 1 + base64.length);
  for (let i = 0; i < keyword.length; i++) data[i] = keyword.charCodeAt(i);
  data.set(base64, keyword.length + 1);
  if (data.length > limits.maxTextBytes) throw new CardError('text_too_large', keyword);
  return encodeChunk('tEXt', data);
}

export interface WriteCardOptions {
  limits?: Partial<CardLimits>;
  /**
   * The card's embedded assets, replacing any asset chunks the PNG has. Absent: the PNG's own asset
   * chunks stay byte for byte.
   */
  assets?: readonly EmbeddedAsset[];
}

/** The PNG with the given chunk ranges left out and `added` put just before IEND. */
function splice(
  png: Uint8Array,
  removed: readonly { start: number; end: number }[],
  added: readonly Uint8Array[],
  iendStart: number,
  maxBytes: number,
): Uint8Array {
  const kept: [number, number][] = [];
  let from = 0;
  for (const chunk of [...removed].sort((a, b) => a.start - b.start)) {
    if (chunk.start > from) kept.push([from, chunk.start]);
    from = chunk.end;
  }
  if (iendStart > from) kept.push([from, iendStart]);
  let size = png.length - iendStart;
  for (const [start, end] of kept) size += end - start;
  for (const chunk of added) size += chunk.length;
  // The input was within the cap (scanPng checked): only what is added can pass it.
  if (size > maxBytes) throw new CardError('too_large_as_png', String(size));
  const out = new Uint8Array(size);
  let offset = 0;
  for (const [start, end] of kept) {
    out.set(png.subarray(start, end), offset);
    offset += end - start;
  }
  for (const chunk of added) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  out.set(png.subarray(iendStart), offset);
  return out;
}

/**
 * Returns a new PNG: the input's chunks byte for byte, minus any chara/ccv3 text chunk
 * (tEXt, zTXt or iTXt), plus the card (and, when given, the assets in place of the old ones).
 * naidata and every other chunk stay as they were.
 * Throws CardError when the input is not a sound PNG or the result would exceed a limit.
 */
export function writeCard(png: Uint8Array, card: Card, options: WriteCardOptions = {}): Uint8Array {
  const resolved = resolveLimits(options.limits);
  const { textChunks, assetChunks, iendStart } = scanPng(png, resolved);
  const added = [cardChunk('chara', toV2Json(card), resolved), cardChunk('ccv3', toV3Json(card), resolved)];
  const removed: { start: number; end: number }[] = textChunks.filter((chunk) => chunk.keyword !== 'naidata');
  if (options.assets) {
    removed.push(...assetChunks);
    for (const asset of options.assets) added.push(encodeAssetChunk(asset));
  }
  return splice(png, removed, added, iendStart, resolved.maxFileBytes);
}

/** The picture alone: the PNG without its card and asset chunks (a .charx's icon file). */
export function stripCard(png: Uint8Array, limits?: Partial<CardLimits>): Uint8Array {
  const resolved = resolveLimits(limits);
  const { textChunks, assetChunks, iendStart } = scanPng(png, resolved);
  return splice(png, [...textChunks, ...assetChunks], [], iendStart, resolved.maxFileBytes);
}

/**
 * The PNG card as it leaves for other apps: without the files a .charx carries beside its card
 * (RisuAI's module.risum, x_meta/…), which are kept as asset chunks only so the .charx download gives
 * them back. RisuAI reads modules from a .charx alone and takes every asset chunk of a PNG as a
 * picture. Chunks the card names (`__asset:…`) and numbered ones (RisuAI's own) stay byte for byte.
 */
export function pngForOtherApps(png: Uint8Array, limits?: Partial<CardLimits>): Uint8Array {
  const resolved = resolveLimits(limits);
  const { card, assetChunks } = readCard(png, resolved);
  const named = new Set(
    assetEntries(card)
      .filter((entry) => entry.uri.startsWith(ASSET_URI_PREFIX))
      .map((entry) => entry.uri.slice(ASSET_URI_PREFIX.length)),
  );
  const charxOnly = assetChunks.filter((chunk) => {
    const path = pathOfKey(chunk.key);
    return !named.has(path) && !/^\d+$/.test(path);
  });
  if (charxOnly.length === 0) return png;
  return splice(png, charxOnly, [], scanPng(png, resolved).iendStart, resolved.maxFileBytes);
}

/**
 * Whether the PNG's card is exactly what writeCard leaves: one `chara` and one `ccv3` chunk, both tEXt
 * and spelled in lower case (SillyTavern reads tEXt only). Cards stored before every upload was
 * rewritten may not be; the server rewrites those on the way out.
 */
export function hasCardTextChunks(png: Uint8Array, limits?: Partial<CardLimits>): boolean {
  const chunks = scanPng(png, resolveLimits(limits)).textChunks.filter((chunk) => chunk.keyword !== 'naidata');
  const spelled = (chunk: (typeof chunks)[number]) =>
    chunk.type === 'tEXt' &&
    String.fromCharCode(...png.subarray(chunk.start + 8, chunk.start + 8 + chunk.keyword.length)) === chunk.keyword;
  return (
    chunks.length === 2 &&
    chunks.every(spelled) &&
    chunks.some((chunk) => chunk.keyword === 'chara') &&
    chunks.some((chunk) => chunk.keyword === 'ccv3')
  );
}
