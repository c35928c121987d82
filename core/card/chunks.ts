/**
 * One pass over a PNG's chunks without decoding pixels: structure, IHDR and the card text chunks'
 * positions. Nothing is copied and only IHDR's and IEND's CRCs are computed here; the reader checks
 * the card chunks' CRCs, the writer drops those chunks anyway.
 */
import { CardError } from './errors';
import { PNG_SIGNATURE, TYPE_IDAT, TYPE_IEND, TYPE_IHDR, TYPE_ITXT, TYPE_TEXT, TYPE_ZTXT, crc32 } from './png';
import type { AssetChunk, CardKeyword, CardLimits, CardTextChunk, TextChunkType } from './types';

export interface PngScan {
  width: number;
  height: number;
  /** chara / ccv3 / naidata text chunks, in file order. */
  textChunks: CardTextChunk[];
  /** `chara-ext-asset_…` text chunks (the V3 spec's embedded assets), in file order, unchecked. */
  assetChunks: AssetChunk[];
  /** Offset of IEND's length field; IEND is the file's last 12 bytes. */
  iendStart: number;
}

const KEYWORDS: readonly (readonly [CardKeyword, Uint8Array])[] = (['ccv3', 'chara', 'naidata'] as const).map(
  (keyword) => [keyword, Uint8Array.from(keyword, (ch) => ch.charCodeAt(0))] as const,
);

/** The V3 spec's asset chunk keyword is this prefix, then `:` and the asset's path (RisuAI: its index). */
export const ASSET_KEYWORD_PREFIX = 'chara-ext-asset_';
const ASSET_PREFIX_BYTES = Uint8Array.from(ASSET_KEYWORD_PREFIX, (ch) => ch.charCodeAt(0));

/** The keyword's bytes after the prefix when the chunk is an asset chunk, else null. */
function matchAssetKeyword(bytes: Uint8Array, start: number, end: number): string | null {
  const prefix = ASSET_PREFIX_BYTES.length;
  if (start + prefix >= end) return null;
  for (let i = 0; i < prefix; i++) if (bytes[start + i] !== ASSET_PREFIX_BYTES[i]) return null;
  // PNG keywords are at most 79 bytes, then a NUL.
  const nul = bytes.subarray(start, Math.min(end, start + 80)).indexOf(0);
  if (nul < 0) return null;
  return String.fromCharCode(...bytes.subarray(start + prefix, start + nul));
}

/** PNG spec: chunk lengths, widths and heights are at most 2^31 - 1. */
const MAX_UINT31 = 0x7fffffff;

/** Bit depths each colour type allows (PNG spec, table 11.1). */
const BIT_DEPTHS: Readonly<Record<number, readonly number[]>> = {
  0: [1, 2, 4, 8, 16],
  2: [8, 16],
  3: [1, 2, 4, 8],
  4: [8, 16],
  6: [8, 16],
};

function corrupt(detail: string): never {
  throw new CardError('corrupt_png', detail);
}

function isLetter(byte: number): boolean {
  return ((byte | 0x20) - 0x61) >>> 0 < 26;
}

/** SillyTavern matches keywords case-insensitively, so cards written as `Chara` exist. */
function matchKeyword(bytes: Uint8Array, start: number, end: number): CardKeyword | null {
  for (const [keyword, letters] of KEYWORDS) {
    const length = letters.length;
    if (start + length >= end || bytes[start + length] !== 0) continue;
    let same = true;
    for (let i = 0; i < length && same; i++) {
      const byte = bytes[start + i]!;
      same = (byte >= 0x41 && byte <= 0x5a ? byte | 0x20 : byte) === letters[i];
    }
    if (same) return keyword;
  }
  return null;
}

function textChunkType(type: number): TextChunkType | null {
  if (type === TYPE_TEXT) return 'tEXt';
  if (type === TYPE_ZTXT) return 'zTXt';
  if (type === TYPE_ITXT) return 'iTXt';
  return null;
}

function checkCrc(bytes: Uint8Array, view: DataView, start: number, length: number): void {
  if (crc32(bytes, start + 4, start + 8 + length) !== view.getUint32(start + 8 + length)) corrupt('bad_crc');
}

function readIhdr(bytes: Uint8Array, view: DataView, limits: CardLimits): { width: number; height: number } {
  if (view.getUint32(8) !== 13) corrupt('bad_ihdr');
  checkCrc(bytes, view, 8, 13);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const depth = bytes[24]!;
  const colour = bytes[25]!;
  if (width === 0 || height === 0 || width > MAX_UINT31 || height > MAX_UINT31) corrupt('bad_ihdr');
  if (!BIT_DEPTHS[colour]?.includes(depth)) corrupt('bad_ihdr');
  if (bytes[26] !== 0 || bytes[27] !== 0 || bytes[28]! > 1) corrupt('bad_ihdr');
  if (width > limits.maxSide || height > limits.maxSide || width * height > limits.maxPixels) {
    throw new CardError('too_many_pixels', `${width}x${height}`);
  }
  return { width, height };
}

export function scanPng(bytes: Uint8Array, limits: CardLimits): PngScan {
  const size = bytes.length;
  if (size > limits.maxFileBytes) throw new CardError('too_large');
  if (size < PNG_SIGNATURE.length || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) {
    throw new CardError('bad_signature');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const textChunks: CardTextChunk[] = [];
  const assetChunks: AssetChunk[] = [];
  let width = 0;
  let height = 0;
  let sawIdat = false;
  let count = 0;
  let pos = PNG_SIGNATURE.length;
  for (;;) {
    if (size - pos < 12) corrupt(pos === size ? 'no_iend' : 'truncated');
    const length = view.getUint32(pos);
    // Checked against the bytes actually present before anything is read or allocated, so a
    // declared 4 GB chunk costs nothing.
    if (length > MAX_UINT31) corrupt('bad_length');
    if (length > size - pos - 12) corrupt('truncated');
    if (++count > limits.maxChunks) corrupt('too_many_chunks');
    const type = view.getUint32(pos + 4);
    if (!isLetter(bytes[pos + 4]!) || !isLetter(bytes[pos + 5]!) || !isLetter(bytes[pos + 6]!) || !isLetter(bytes[pos + 7]!)) {
      corrupt('bad_chunk_type');
    }
    if (count === 1) {
      if (type !== TYPE_IHDR) corrupt('ihdr_not_first');
      ({ width, height } = readIhdr(bytes, view, limits));
    } else if (type === TYPE_IHDR) {
      corrupt('duplicate_ihdr');
    } else if (type === TYPE_IDAT) {
      sawIdat = true;
    } else if (type === TYPE_IEND) {
      if (length !== 0) corrupt('bad_iend');
      checkCrc(bytes, view, pos, 0);
      if (pos + 12 !== size) corrupt('iend_not_last');
      if (!sawIdat) corrupt('no_idat');
      return { width, height, textChunks, assetChunks, iendStart: pos };
    } else {
      const textType = textChunkType(type);
      const keyword = textType && matchKeyword(bytes, pos + 8, pos + 8 + length);
      if (textType && keyword) textChunks.push({ type: textType, keyword, start: pos, end: pos + 12 + length });
      else if (textType) {
        const key = matchAssetKeyword(bytes, pos + 8, pos + 8 + length);
        if (key !== null) assetChunks.push({ type: textType, key, start: pos, end: pos + 12 + length });
      }
    }
    pos += 12 + length;
  }
}

/** Throws unless the chunk's CRC matches; used on every chunk the reader interprets. */
export function verifyChunkCrc(bytes: Uint8Array, chunk: { start: number; end: number }): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  checkCrc(bytes, view, chunk.start, chunk.end - chunk.start - 12);
}
