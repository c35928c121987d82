/**
 * Any card file people bring → one shape: the card, its picture (if it has one) and its embedded
 * assets, ready to be written as a PNG card. The bytes decide the format (a PNG named .json is a
 * PNG); the name only tells YAML from other text.
 */
import { hasZipEnd } from '../zip/index';
import { dataUrlBytes, liftAssets } from './assets';
import { readCharx } from './charx';
import { CardError } from './errors';
import { checkListedFields } from './fieldLimits';
import { resolveLimits } from './limits';
import { PNG_SIGNATURE } from './png';
import { readCard } from './read';
import { cardOfJson, parseCardJson, parseYamlCard } from './textCard';
import type { Card, CardFormat, CardLimits, EmbeddedAsset } from './types';

export type CardFileSource = 'png' | 'json' | 'charx' | 'yaml' | 'jpeg' | 'webp';

export interface CardPicture {
  data: Uint8Array;
  /** Lower-case extension of its format ('png', 'jpeg', 'webp', 'avif'...): only 'png' needs no conversion. */
  ext: string;
}

export interface CardFile {
  card: Card;
  /** The card JSON's own version: v1, v2, v3. */
  format: CardFormat;
  source: CardFileSource;
  /** The picture the card came with; null when it has none (the caller supplies a default portrait). */
  picture: CardPicture | null;
  /**
   * Asset chunks to write beside the card. Absent for a PNG, whose own asset chunks stay as they are.
   */
  assets?: EmbeddedAsset[];
  /** How many embedded assets the card brings (a PNG's asset chunks, or the assets above). */
  assetCount: number;
}

export interface DeclaredName {
  name?: string | undefined;
  type?: string | undefined;
}

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, i) => bytes[at + i] === byte);
}

const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

function sniff(bytes: Uint8Array): 'png' | 'jpeg' | 'webp' | 'zip' | 'text' {
  if (startsWith(bytes, [...PNG_SIGNATURE])) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'webp';
  if (startsWith(bytes, ZIP)) return 'zip';
  return 'text';
}

function isYamlName({ name, type }: DeclaredName): boolean {
  return /\.ya?ml$/i.test(name ?? '') || /yaml/i.test(type ?? '');
}

function declaredPng({ name, type }: DeclaredName): boolean {
  return /\.a?png$/i.test(name ?? '') || (type ?? '').toLowerCase().includes('image/png');
}

/** The first byte that is not whitespace (after a UTF-8 BOM). */
function firstContentByte(bytes: Uint8Array): number | undefined {
  let i = startsWith(bytes, [0xef, 0xbb, 0xbf]) ? 3 : 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0a || bytes[i] === 0x0d)) i++;
  return bytes[i];
}

function fromCharx(bytes: Uint8Array, source: CardFileSource, limits: CardLimits, front?: CardPicture): CardFile {
  const { card, format, icon, assets } = readCharx(bytes, limits);
  return { card, format, source, picture: icon ?? front ?? null, assets, assetCount: assets.length };
}

/** A JSON card's `data:` URL assets become asset chunks, and a `data:` main icon its picture. */
function fromJson(card: Card, format: CardFormat, source: CardFileSource): CardFile {
  const lifted = liftAssets(card, dataUrlBytes);
  return { card: lifted.card, format, source, picture: lifted.icon, assets: lifted.assets, assetCount: lifted.assets.length };
}

/**
 * Reads a card file of any supported format. Throws CardError (and nothing else) with the reason a
 * person can act on; every size, count and ratio is checked before anything is decoded, and the
 * fields lists show are checked against their bounds.
 */
export async function readCardFile(bytes: Uint8Array, declared: DeclaredName = {}, limits?: Partial<CardLimits>): Promise<CardFile> {
  const file = await readAnyFormat(bytes, declared, limits);
  checkListedFields(file.card.data);
  return file;
}

async function readAnyFormat(bytes: Uint8Array, declared: DeclaredName, limits?: Partial<CardLimits>): Promise<CardFile> {
  const resolved = resolveLimits(limits);
  if (bytes.length > resolved.maxFileBytes) throw new CardError('too_large', String(bytes.length));
  const kind = sniff(bytes);
  if (kind === 'png') {
    const { card, format, assetChunks } = readCard(bytes, resolved);
    return { card, format, source: 'png', picture: { data: bytes, ext: 'png' }, assetCount: assetChunks.length };
  }
  if (kind === 'jpeg' || kind === 'webp') {
    // RisuAI's JPEG: the picture in front, a .charx behind it. One sent as a PNG keeps the PNG upload's text.
    if (!hasZipEnd(bytes)) throw new CardError(declaredPng(declared) ? 'bad_signature' : 'no_card_in_image', kind);
    return fromCharx(bytes, kind, resolved, { data: bytes, ext: kind });
  }
  if (kind === 'zip') {
    try {
      return fromCharx(bytes, 'charx', resolved);
    } catch (error) {
      // A zip sent as a PNG that isn't a card either: the PNG upload's text says what was expected.
      if (error instanceof CardError && declaredPng(declared)) throw new CardError('bad_signature', error.code, { cause: error });
      throw error;
    }
  }
  if (firstContentByte(bytes) === 0x7b) {
    const { card, format } = cardOfJson(parseCardJson(bytes, resolved));
    return fromJson(card, format, 'json');
  }
  if (isYamlName(declared)) {
    const { card, format } = cardOfJson(await parseYamlCard(bytes, resolved));
    return fromJson(card, format, 'yaml');
  }
  // A PNG-named file that is none of these keeps the PNG upload's own message.
  if (declaredPng(declared)) throw new CardError('bad_signature');
  throw new CardError(/\.json$/i.test(declared.name ?? '') ? 'invalid_card_file' : 'unsupported_type', 'unknown_content');
}
