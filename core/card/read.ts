/**
 * PNG bytes → Card. Works on a Uint8Array in the browser, the service worker and the server alike.
 */
import { decodeBase64 } from './base64';
import { scanPng, verifyChunkCrc } from './chunks';
import { CardError } from './errors';
import { parseJson } from './json';
import { resolveLimits } from './limits';
import { normalizeCard } from './normalize';
import { chunkText } from './text';
import type { CardKeyword, CardLimits, CardTextChunk, ReadCardResult } from './types';

/** The V3 spec says ccv3 wins over chara; naidata is the last resort. */
const PRIORITY: readonly CardKeyword[] = ['ccv3', 'chara', 'naidata'];

function verifyTextChunk(bytes: Uint8Array, chunk: CardTextChunk, limits: CardLimits): void {
  if (chunk.end - chunk.start - 12 > limits.maxTextBytes) throw new CardError('text_too_large', chunk.keyword);
  verifyChunkCrc(bytes, chunk);
}

function decodeChunk(bytes: Uint8Array, chunk: CardTextChunk, limits: CardLimits): ReturnType<typeof normalizeCard> {
  const base64 = chunkText(bytes, chunk, chunk.keyword.length, limits.maxInflatedBytes);
  const json = decodeBase64(base64);
  // Before parsing: the cap is there so that a card too big to use never costs a parse either.
  if (json.length > limits.maxJsonBytes) throw new CardError('card_too_large', chunk.keyword);
  return normalizeCard(parseJson(json, limits.maxDepth));
}

/**
 * Reads the card a PNG carries. Throws CardError (and nothing else) when the file is not a PNG,
 * is damaged, exceeds a limit, or carries no usable card.
 *
 * Every card chunk's size and CRC is checked first: a damaged file is refused even when the
 * chunk that would win is intact. When the winning chunk's data is unusable, the next keyword is
 * tried, and the first error is reported if none works.
 */
export function readCard(bytes: Uint8Array, limits?: Partial<CardLimits>): ReadCardResult {
  const resolved = resolveLimits(limits);
  const { width, height, textChunks, assetChunks } = scanPng(bytes, resolved);
  if (textChunks.length === 0) throw new CardError('no_card');
  for (const chunk of textChunks) verifyTextChunk(bytes, chunk, resolved);
  let firstError: CardError | undefined;
  for (const keyword of PRIORITY) {
    // The first chunk of a keyword counts, as in SillyTavern.
    const chunk = textChunks.find((candidate) => candidate.keyword === keyword);
    if (!chunk) continue;
    try {
      const { card, format } = decodeChunk(bytes, chunk, resolved);
      return { card, format, keyword, width, height, textChunks, assetChunks };
    } catch (error) {
      if (!(error instanceof CardError)) throw error;
      firstError ??= error;
    }
  }
  throw firstError ?? new CardError('no_card');
}
