/**
 * CHARX (RisuAI's zip: `card.json` at the root, files under `assets/`, `module.risum` beside them),
 * read with core/zip's bounded reader and written with fflate. Everything that can be known from the
 * zip's directory — entry count, names, declared sizes, inflation ratios — is checked before a byte
 * is inflated. Nothing inside is ever run or unpacked further (module.risum is kept as bytes).
 */
import { zipSync, type Zippable } from 'fflate';
import { entryNameKey, isSafeEntryName, listZipEntries, readZipEntry, ZipError, type ZipEntry } from '../zip/index';
import { ASSET_URI_PREFIX, assetEntries, assetListWithPicture, charxFolderOf, isAssetPath, liftAssets, type AssetEntry } from './assets';
import { CardError } from './errors';
import { toV3Json } from './normalize';
import { cardOfJson, parseCardJson } from './textCard';
import type { Card, CardFormat, CardLimits, EmbeddedAsset } from './types';

const CARD_JSON = 'card.json';
/** The V3 spec spells it this way; some writers spell it right. */
const EMBEDDED_SCHEMES = ['embeded://', 'embedded://'];
/** Entries this small never count as bombs, whatever their ratio (a few bytes of zeros are fine). */
const RATIO_FREE_BYTES = 64 * 1024;

export interface CharxContents {
  card: Card;
  format: CardFormat;
  /** The main icon's bytes, when the card names one the archive holds. */
  icon: { data: Uint8Array; ext: string } | null;
  /** The card's other files (`__asset:N`), then the archive's other files under their own paths. */
  assets: EmbeddedAsset[];
}

function zipFailure(error: unknown): never {
  if (error instanceof ZipError) {
    throw new CardError(error.code === 'too_many_entries' ? 'archive_too_large' : 'bad_archive', error.code, { cause: error });
  }
  throw error;
}

/** Folders, and the copies macOS adds (`__MACOSX/`, `._name`), are not the card's files. */
function isNoise(name: string): boolean {
  const segments = name.split('/');
  return name.endsWith('/') || segments.includes('__MACOSX') || segments.at(-1)!.startsWith('._');
}

/** The directory's promises, checked before anything is inflated. */
function checkEntries(entries: readonly ZipEntry[], limits: CardLimits): ZipEntry[] {
  const names = new Set<string>();
  for (const entry of entries) {
    if (!isSafeEntryName(entry.name)) throw new CardError('unsafe_archive', 'unsafe_name');
    const key = entryNameKey(entry.name);
    if (names.has(key)) throw new CardError('unsafe_archive', 'duplicate_name');
    names.add(key);
  }
  const files = entries.filter((entry) => !isNoise(entry.name));
  let total = 0;
  for (const entry of files) {
    if (entry.encrypted || (entry.method !== 0 && entry.method !== 8)) throw new CardError('bad_archive', 'unsupported_entry');
    if (entry.size > RATIO_FREE_BYTES && entry.size > entry.compressedSize * limits.maxInflationRatio) {
      throw new CardError('archive_too_large', 'ratio');
    }
    total += entry.size;
    // Every file ends up in one PNG under the same cap, so more than that could never be kept.
    if (total > limits.maxFileBytes) throw new CardError('archive_too_large', 'total_size');
  }
  return files;
}

function embeddedPath(uri: string): string | undefined {
  const scheme = EMBEDDED_SCHEMES.find((prefix) => uri.startsWith(prefix));
  return scheme ? uri.slice(scheme.length) : undefined;
}

/**
 * A .charx (or the zip behind RisuAI's JPEG) → the card, its main icon and its other files. The
 * files the card does not name (module.risum, x_meta/…) are kept under their own paths when a PNG
 * keyword can hold the path, so a .charx made again from the stored PNG has them back.
 */
export function readCharx(bytes: Uint8Array, limits: CardLimits): CharxContents {
  let entries: ZipEntry[];
  try {
    entries = listZipEntries(bytes, limits.maxArchiveEntries);
  } catch (error) {
    zipFailure(error);
  }
  const files = checkEntries(entries, limits);
  const read = (entry: ZipEntry): Uint8Array => {
    try {
      return readZipEntry(bytes, entry);
    } catch (error) {
      zipFailure(error);
    }
  };
  const cardEntry = files.find((entry) => entry.name === CARD_JSON);
  if (!cardEntry) throw new CardError('bad_archive', 'no_card_json');
  const { card: parsed, format } = cardOfJson(parseCardJson(read(cardEntry), limits));

  const byPath = new Map(files.map((entry) => [entry.name, entry]));
  const used = new Set<string>([CARD_JSON]);
  const lifted = liftAssets(parsed, (uri) => {
    const path = embeddedPath(uri);
    const entry = path === undefined ? undefined : byPath.get(path);
    if (!entry) return undefined;
    used.add(entry.name);
    return read(entry);
  });
  const extras = files
    .filter((entry) => !used.has(entry.name) && isAssetPath(entry.name) && !/^\d+$/.test(entry.name))
    .map((entry) => ({ path: entry.name, data: read(entry) }));
  return { card: lifted.card, format, icon: lifted.icon, assets: [...lifted.assets, ...extras] };
}

/** Where an `__asset:N` file goes in a .charx, per the V3 spec's folders. */
function charxPath(entry: AssetEntry, path: string): string {
  const ext = /^[a-z0-9]{1,10}$/i.test(entry.ext) ? entry.ext.toLowerCase() : 'bin';
  const type = /^[a-z0-9_-]{1,40}$/i.test(entry.type) ? entry.type : 'other';
  return `assets/${type}/${charxFolderOf(ext)}/${path}.${ext}`;
}

/**
 * The card as a .charx: card.json (V3) with every embedded file under `assets/` and its URI as
 * `embeded://…`, the card's picture as the main icon, and the other kept files back at their paths.
 */
export function writeCharx(card: Card, picture: Uint8Array, assets: readonly EmbeddedAsset[]): Uint8Array {
  const files: Zippable = Object.create(null) as Zippable;
  const byPath = new Map(assets.map((asset) => [asset.path, asset]));
  const used = new Set<string>();
  const iconPath = 'assets/icon/images/main.png';
  files[iconPath] = [picture, { level: 0 }];

  const rewrite = new Map<AssetEntry, AssetEntry>();
  for (const entry of assetEntries(card)) {
    if (!entry.uri.startsWith(ASSET_URI_PREFIX)) continue;
    const asset = byPath.get(entry.uri.slice(ASSET_URI_PREFIX.length));
    if (!asset) continue;
    const path = charxPath(entry, asset.path);
    files[path] = [asset.data, { level: charxFolderOf(entry.ext) === 'other' ? 6 : 0 }];
    used.add(asset.path);
    rewrite.set(entry, { ...entry, uri: `embeded://${path}` });
  }
  const list = assetListWithPicture(card, rewrite, `embeded://${iconPath}`);

  // Files no entry names: numbered ones (an asset chunk the card forgot) under other/, the rest back
  // at their own paths; a path that is unsafe or taken is never written.
  for (const asset of assets) {
    if (used.has(asset.path)) continue;
    const path = /^\d+$/.test(asset.path) ? `assets/other/other/${asset.path}.bin` : asset.path;
    const taken = Object.keys(files).some((name) => entryNameKey(name) === entryNameKey(path));
    if (!isSafeEntryName(path) || taken) continue;
    files[path] = [asset.data, { level: 6 }];
  }
  const json = toV3Json({ ...card, data: { ...card.data, assets: list } });
  files[CARD_JSON] = [new TextEncoder().encode(JSON.stringify(json)), { level: 6 }];
  return zipSync(files);
}
