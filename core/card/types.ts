/**
 * The one card shape the rest of cardchat sees, whatever the PNG carried (V1, V2 or V3).
 * Index signatures are deliberate: unknown fields ride along untouched so a card that passes
 * through cardchat leaves it with everything its author put in.
 */

/** Lorebook: carried as-is, never interpreted by the codec, so only its outer shape is known. */
export type CharacterBook = Record<string, unknown>;

export interface CardData {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  mes_example: string;
  creator_notes: string;
  system_prompt: string;
  post_history_instructions: string;
  alternate_greetings: string[];
  tags: string[];
  creator: string;
  character_version: string;
  extensions: Record<string, unknown>;
  character_book?: CharacterBook;
  /** V3; an empty list for V1/V2 cards (V3 requires the field). */
  group_only_greetings: string[];
  /** V3 only, present when the card had them. */
  nickname?: string;
  assets?: unknown[];
  creator_notes_multilingual?: Record<string, unknown>;
  source?: string[];
  creation_date?: number;
  modification_date?: number;
  [key: string]: unknown;
}

export interface Card {
  spec: 'chara_card_v3';
  /** The original's version: '1.0' for V1, usually '2.0' or '3.0'. */
  spec_version: string;
  data: CardData;
  /** Unknown top-level fields (e.g. SillyTavern's avatar, chat, create_date). */
  [key: string]: unknown;
}

export type CardFormat = 'v1' | 'v2' | 'v3';
export type CardKeyword = 'ccv3' | 'chara' | 'naidata';
export type TextChunkType = 'tEXt' | 'zTXt' | 'iTXt';

/** A card-bearing text chunk; `start` is its length field, `end` is just past its CRC. */
export interface CardTextChunk {
  type: TextChunkType;
  keyword: CardKeyword;
  start: number;
  end: number;
}

/** A `chara-ext-asset_{key}` text chunk; `start`/`end` as for CardTextChunk. */
export interface AssetChunk {
  type: TextChunkType;
  /** The keyword after `chara-ext-asset_`: ':0', ':1'... as RisuAI writes them (the URI is `__asset:0`). */
  key: string;
  start: number;
  end: number;
}

/** An embedded asset's bytes under its key (the V3 spec's `{path}`: RisuAI's index, or a file path). */
export interface EmbeddedAsset {
  /** `__asset:{path}` in the card finds it. */
  path: string;
  data: Uint8Array;
}

export interface ReadCardResult {
  card: Card;
  format: CardFormat;
  /** The chunk the card came from. */
  keyword: CardKeyword;
  width: number;
  height: number;
  /** Every chara/ccv3/naidata text chunk in file order. */
  textChunks: CardTextChunk[];
  /** Every embedded asset chunk in file order (not decoded; readEmbeddedAssets does that). */
  assetChunks: AssetChunk[];
}

export interface CardLimits {
  /** Whole file, bytes. */
  maxFileBytes: number;
  maxChunks: number;
  /** A card text chunk's data, bytes (before inflating). */
  maxTextBytes: number;
  /** zTXt / compressed iTXt output, bytes. */
  maxInflatedBytes: number;
  /** The card's JSON text (base64-decoded), bytes. */
  maxJsonBytes: number;
  /** Each side, pixels. */
  maxSide: number;
  /** width × height. */
  maxPixels: number;
  /** JSON nesting levels (YAML's too). */
  maxDepth: number;
  /** A .yaml/.yml card file, bytes. */
  maxYamlBytes: number;
  /** Files in a .charx (or the zip behind a JPEG/WebP). */
  maxArchiveEntries: number;
  /** A .charx entry's declared size over its compressed size. */
  maxInflationRatio: number;
}
