/**
 * The text payload of a card chunk, as bytes: tEXt as-is (no copy), zTXt and compressed iTXt
 * through an inflate that stops at a hard output limit.
 */
import { Unzlib } from 'fflate';
import { CardError } from './errors';
import { concatBytes } from './png';
import type { TextChunkType } from './types';

/**
 * Input is fed in slices this small so that one push can produce at most ~4 MiB (DEFLATE expands
 * at most ~1032:1): a bomb is stopped a few megabytes past the limit, never allocated in full.
 */
const INFLATE_SLICE = 4096;

export function inflateBounded(input: Uint8Array, limit: number): Uint8Array {
  const parts: Uint8Array[] = [];
  let total = 0;
  const stream = new Unzlib((chunk) => {
    total += chunk.length;
    if (total > limit) throw new CardError('inflate_limit');
    parts.push(chunk);
  });
  try {
    if (input.length === 0) stream.push(input, true);
    for (let offset = 0; offset < input.length; offset += INFLATE_SLICE) {
      stream.push(input.subarray(offset, offset + INFLATE_SLICE), offset + INFLATE_SLICE >= input.length);
    }
  } catch (error) {
    if (error instanceof CardError) throw error;
    throw new CardError('bad_compression', 'zlib', { cause: error });
  }
  return parts.length === 1 ? parts[0]! : concatBytes(parts);
}

function nulAfter(bytes: Uint8Array, from: number, end: number): number {
  const at = bytes.indexOf(0, from);
  if (at < 0 || at >= end) throw new CardError('bad_text_chunk', 'missing_separator');
  return at;
}

/**
 * The chunk's text (base64 for a card or an asset) as bytes; the chunk's bounds and CRC are already
 * checked. `keywordLength` skips the keyword (a card's matched case-insensitively, so the canonical
 * keyword's length is its length).
 */
export function chunkText(
  bytes: Uint8Array,
  chunk: { type: TextChunkType; start: number; end: number },
  keywordLength: number,
  maxInflatedBytes: number,
): Uint8Array {
  const end = chunk.end - 4;
  let pos = chunk.start + 8 + keywordLength + 1;
  if (chunk.type === 'tEXt') return bytes.subarray(pos, end);
  if (chunk.type === 'zTXt') {
    if (pos >= end) throw new CardError('bad_text_chunk', 'short_ztxt');
    if (bytes[pos] !== 0) throw new CardError('bad_compression', 'method');
    return inflateBounded(bytes.subarray(pos + 1, end), maxInflatedBytes);
  }
  if (pos + 2 > end) throw new CardError('bad_text_chunk', 'short_itxt');
  const compressed = bytes[pos]!;
  const method = bytes[pos + 1]!;
  if (compressed > 1) throw new CardError('bad_text_chunk', 'compression_flag');
  if (compressed === 1 && method !== 0) throw new CardError('bad_compression', 'method');
  pos = nulAfter(bytes, pos + 2, end) + 1; // language tag
  pos = nulAfter(bytes, pos, end) + 1; // translated keyword
  const text = bytes.subarray(pos, end);
  return compressed === 1 ? inflateBounded(text, maxInflatedBytes) : text;
}
