import type { CardLimits } from './types';

/** The upload limit: 20MB means 20 MiB here, as the upload form reports sizes in binary megabytes. */
export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_CHUNKS = 10_000;
/**
 * A card text chunk, before decoding: well above the base64 of the largest card (MAX_JSON_BYTES), so
 * a card too big is refused by that limit's message; a chunk past this is not even decoded.
 */
export const MAX_TEXT_BYTES = 16 * 1024 * 1024;
export const MAX_INFLATED_BYTES = 16 * 1024 * 1024;
/**
 * The card's JSON once decoded: every card of this field's sites fits in far less (the biggest,
 * with long lorebooks, run to a few hundred KB), and every byte of it travels into prompts,
 * exports and other people's browsers.
 */
export const MAX_JSON_BYTES = 2 * 1024 * 1024;
export const MAX_SIDE = 20_000;
export const MAX_PIXELS = 100_000_000;
/** Real cards nest about 6 levels (card → data → character_book → entries → entry → extensions). */
export const MAX_JSON_DEPTH = 64;

/**
 * The card fields every list shows as they are, bounded where a card is written (fieldLimits.ts):
 * code points, and a count of tags.
 */
export const CARD_FIELD_LIMITS = Object.freeze({
  /** Characters (code points); the longest names on this field's sites are a few dozen. */
  name: 200,
  creator: 200,
  /** How many tags; chub.ai cards carry a few dozen at most. */
  tags: 200,
  /** Characters in one tag. */
  tag: 100,
});

/** SillyTavern's YAML cards are a name and two texts; a parser has no business with more than this. */
export const MAX_YAML_BYTES = 1024 * 1024;
/** A .charx's files; RisuAI cards with a few hundred expressions exist, thousands are an attack. */
export const MAX_ARCHIVE_ENTRIES = 1_000;
/**
 * Declared size over compressed size for one .charx entry: text deflates ~10:1, images barely;
 * a higher ratio is a bomb (DEFLATE itself stops near 1032:1).
 */
export const MAX_INFLATION_RATIO = 200;

export const DEFAULT_CARD_LIMITS: Readonly<CardLimits> = Object.freeze({
  maxFileBytes: MAX_FILE_BYTES,
  maxChunks: MAX_CHUNKS,
  maxTextBytes: MAX_TEXT_BYTES,
  maxInflatedBytes: MAX_INFLATED_BYTES,
  maxJsonBytes: MAX_JSON_BYTES,
  maxSide: MAX_SIDE,
  maxPixels: MAX_PIXELS,
  maxDepth: MAX_JSON_DEPTH,
  maxYamlBytes: MAX_YAML_BYTES,
  maxArchiveEntries: MAX_ARCHIVE_ENTRIES,
  maxInflationRatio: MAX_INFLATION_RATIO,
});

export function resolveLimits(limits?: Partial<CardLimits>): CardLimits {
  if (!limits) return DEFAULT_CARD_LIMITS;
  const out = { ...DEFAULT_CARD_LIMITS };
  // An explicit `undefined` (e.g. from an unset config value) means "the default", not "no limit".
  for (const key of Object.keys(out) as (keyof CardLimits)[]) {
    const value = limits[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}
