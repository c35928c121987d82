/**
 * Embedded assets (the V3 spec's `chara-ext-asset_:{path}` tEXt chunks, found by `__asset:{path}`
 * URIs) and the moves between them and the other ways a card carries its files: a .charx's
 * `embeded://` paths, a JSON card's `data:` URLs.
 */
import { decodeBase64, encodeBase64 } from './base64';
import { ASSET_KEYWORD_PREFIX, verifyChunkCrc } from './chunks';
import { CardError } from './errors';
import { encodeChunk } from './png';
import { chunkText } from './text';
import type { AssetChunk, Card, CardLimits, EmbeddedAsset } from './types';
import { isPlainObject } from './validate';

export const ASSET_URI_PREFIX = '__asset:';
/** The V3 spec's "the PNG itself" for the main icon. */
export const DEFAULT_ASSET_URI = 'ccdefault:';
/** Images a card's picture can be made from (the server converts all but PNG). */
const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set(['png', 'apng', 'jpg', 'jpeg', 'webp', 'gif', 'avif']);
/** A PNG keyword is at most 79 bytes; the prefix and ':' take 17 of them. */
const MAX_PATH_LENGTH = 79 - ASSET_KEYWORD_PREFIX.length - 1;

/** The path a chunk's key names: `:0` → `0` (the V3 spec's form); a key without the colon as it is. */
export function pathOfKey(key: string): string {
  return key.startsWith(':') ? key.slice(1) : key;
}

/** Whether a path can be a chunk keyword: short enough, printable Latin-1. */
export function isAssetPath(path: string): boolean {
  return path.length > 0 && path.length <= MAX_PATH_LENGTH && /^[\x21-\x7e\xa1-\xff][\x20-\x7e\xa1-\xff]*$/.test(path);
}

/** The asset chunks' bytes, each CRC-checked and base64-decoded (leniently, as the card's own). */
export function readEmbeddedAssets(png: Uint8Array, chunks: readonly AssetChunk[], limits: CardLimits): EmbeddedAsset[] {
  return chunks.map((chunk) => {
    verifyChunkCrc(png, chunk);
    const text = chunkText(png, chunk, ASSET_KEYWORD_PREFIX.length + chunk.key.length, limits.maxInflatedBytes);
    return { path: pathOfKey(chunk.key), data: decodeBase64(text) };
  });
}

/** One asset as the tEXt chunk RisuAI and SillyTavern read. */
export function encodeAssetChunk(asset: EmbeddedAsset): Uint8Array {
  if (!isAssetPath(asset.path)) throw new CardError('invalid_card', 'asset_path');
  const keyword = `${ASSET_KEYWORD_PREFIX}:${asset.path}`;
  const base64 = encodeBase64(asset.data);
  const data = new Uint8Array(keyword.length + 1 + base64.length);
  for (let i = 0; i < keyword.length; i++) data[i] = keyword.charCodeAt(i);
  data.set(base64, keyword.length + 1);
  return encodeChunk('tEXt', data);
}

export interface AssetEntry {
  type: string;
  uri: string;
  name: string;
  ext: string;
  [key: string]: unknown;
}

/** The card's `data.assets` entries that have the V3 spec's shape; others are carried untouched elsewhere. */
export function assetEntries(card: Card): AssetEntry[] {
  const list = card.data.assets;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (entry): entry is AssetEntry => isPlainObject(entry) && typeof entry.uri === 'string' && typeof entry.type === 'string',
  );
}

/** The main icon per the V3 spec: the icon named 'main', else the first icon. */
export function mainIcon(entries: readonly AssetEntry[]): AssetEntry | undefined {
  const icons = entries.filter((entry) => entry.type === 'icon');
  return icons.find((entry) => entry.name === 'main') ?? icons[0];
}

/**
 * The card's asset list with `rewrite` applied and its main icon pointing at the card's picture
 * (`pictureUri`, a PNG). The V3 spec reads a card without assets as one whose main icon is the
 * default, and RisuAI takes a card's picture only from an icon entry, so a card without one gets one.
 */
export function assetListWithPicture(card: Card, rewrite: ReadonlyMap<AssetEntry, AssetEntry>, pictureUri: string): unknown[] {
  const added = { type: 'icon', uri: pictureUri, name: 'main', ext: 'png' };
  const main = mainIcon(assetEntries(card));
  if (!Array.isArray(card.data.assets)) return [added];
  if (!main) return [added, ...card.data.assets.map((entry) => rewrite.get(entry as AssetEntry) ?? entry)];
  const picture = main.uri === DEFAULT_ASSET_URI ? { ...main, uri: pictureUri, ext: 'png' } : (rewrite.get(main) ?? main);
  return card.data.assets.map((entry) => (entry === main ? picture : (rewrite.get(entry as AssetEntry) ?? entry)));
}

function extensionOf(entry: AssetEntry): string {
  return typeof entry.ext === 'string' ? entry.ext.toLowerCase() : '';
}

export interface LiftedAssets {
  /** The card with every resolved URI rewritten: the main icon to `ccdefault:`, the rest to `__asset:N`. */
  card: Card;
  /** The main icon's bytes, to become the card's picture; null when the card names none we have. */
  icon: { data: Uint8Array; ext: string } | null;
  /** The other resolved files, numbered as RisuAI numbers them. */
  assets: EmbeddedAsset[];
}

/**
 * Moves the files a card's assets point at into the PNG's form. `resolve` gives an asset URI's bytes
 * (a .charx's `embeded://` file, a `data:` URL), or undefined for one it cannot (web URLs, `ccdefault:`,
 * missing files), which stays as it is. Neither the card nor its asset entries are changed in place.
 */
export function liftAssets(card: Card, resolve: (uri: string) => Uint8Array | undefined): LiftedAssets {
  const entries = assetEntries(card);
  const main = mainIcon(entries);
  let icon: LiftedAssets['icon'] = null;
  const assets: EmbeddedAsset[] = [];
  const rewritten = new Map<AssetEntry, AssetEntry>();
  for (const entry of entries) {
    const data = resolve(entry.uri);
    if (!data) continue;
    if (entry === main && IMAGE_EXTENSIONS.has(extensionOf(entry))) {
      icon = { data, ext: extensionOf(entry) };
      rewritten.set(entry, { ...entry, uri: DEFAULT_ASSET_URI });
      continue;
    }
    const path = String(assets.length);
    assets.push({ path, data });
    rewritten.set(entry, { ...entry, uri: `${ASSET_URI_PREFIX}${path}` });
  }
  if (rewritten.size === 0) return { card, icon, assets };
  const list = (card.data.assets as unknown[]).map((entry) => rewritten.get(entry as AssetEntry) ?? entry);
  return { card: { ...card, data: { ...card.data, assets: list } }, icon, assets };
}

/** `data:[type];base64,…` → bytes; other data URLs (percent-encoded text) are left to the card. */
export function dataUrlBytes(uri: string): Uint8Array | undefined {
  if (!uri.startsWith('data:')) return undefined;
  const comma = uri.indexOf(',');
  if (comma < 0 || !/;base64$/i.test(uri.slice(0, comma))) return undefined;
  const text = uri.slice(comma + 1);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x7f) return undefined;
    bytes[i] = code;
  }
  try {
    return decodeBase64(bytes);
  } catch {
    return undefined;
  }
}

const MIME_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  apng: 'image/apng',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp3: 'audio/mpeg',
  ogg: 'audio/ogg',
  wav: 'audio/wav',
  mp4: 'video/mp4',
  webm: 'video/webm',
  json: 'application/json',
  txt: 'text/plain',
};

export function mimeTypeOf(ext: string): string {
  return MIME_TYPES[ext.toLowerCase()] ?? 'application/octet-stream';
}

/** The V3 spec's folder for a kind of file inside assets/{type}/ in a .charx. */
export function charxFolderOf(ext: string): string {
  const mime = mimeTypeOf(ext);
  if (mime.startsWith('image/')) return 'images';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime.startsWith('video/')) return 'video';
  return 'other';
}
