/**
 * V1 / V2 / V3 JSON ⇄ Card. Fields the codec interprets are coerced to their declared types (or
 * defaulted); everything else — unknown keys at the top level and inside data, extensions,
 * character_book, assets — is carried untouched, so cards leave cardchat as complete as they came.
 */
import { CardError } from './errors';
import { UNSAFE_KEYS } from './json';
import type { Card, CardData, CardFormat } from './types';
import { countsAsCard, isPlainObject } from './validate';

/** The V1 fields. V2/V3 writers copy them to the top level for V1 readers; `data` is canonical. */
const V1_FIELDS = ['name', 'description', 'personality', 'scenario', 'first_mes', 'mes_example'] as const;
const MIRRORED: ReadonlySet<string> = new Set(V1_FIELDS);
const STRING_FIELDS = [
  ...V1_FIELDS,
  'creator_notes',
  'system_prompt',
  'post_history_instructions',
  'creator',
  'character_version',
] as const;
const V3_ONLY_FIELDS: ReadonlySet<string> = new Set([
  'group_only_greetings',
  'nickname',
  'assets',
  'creator_notes_multilingual',
  'source',
  'creation_date',
  'modification_date',
]);
const KNOWN_DATA_FIELDS: ReadonlySet<string> = new Set([
  ...STRING_FIELDS,
  'alternate_greetings',
  'tags',
  'extensions',
  'character_book',
  ...V3_ONLY_FIELDS,
]);
/** Top-level keys that are the Card's own or V1 mirrors of data, never carried as unknown fields. */
const RESERVED_TOP: ReadonlySet<string> = new Set(['spec', 'spec_version', 'data', ...V1_FIELDS]);
/** A flat card's top level is its data, so only keys that are not card fields stay there. */
const RESERVED_FLAT: ReadonlySet<string> = new Set([...RESERVED_TOP, ...KNOWN_DATA_FIELDS]);

function text(value: unknown): string {
  if (typeof value === 'string') return value;
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'boolean') return String(value);
  return '';
}

/** Lists of strings; older tools wrote tags as one comma-separated string. */
function textList(value: unknown, commaSeparated = false): string[] {
  if (Array.isArray(value)) {
    const out: string[] = [];
    for (const item of value) if (item !== null && typeof item !== 'object') out.push(text(item));
    return out;
  }
  if (typeof value !== 'string' || value === '') return [];
  return commaSeparated
    ? value
        .split(',')
        .map((tag) => tag.trim())
        .filter(Boolean)
    : [value];
}

function copyExcept(from: Record<string, unknown>, to: Record<string, unknown>, skip: ReadonlySet<string>): void {
  for (const key of Object.keys(from)) {
    if (!skip.has(key) && !UNSAFE_KEYS.has(key)) to[key] = from[key];
  }
}

/** `top` supplies V1 mirror values a sloppy V2 writer left out of data. */
function normalizeData(src: Record<string, unknown>, top: Record<string, unknown>): CardData {
  const pick = (key: string): unknown => src[key] ?? (MIRRORED.has(key) ? top[key] : undefined);
  const data = {} as CardData;
  for (const key of STRING_FIELDS) data[key] = text(pick(key));
  data.alternate_greetings = textList(src.alternate_greetings);
  data.tags = textList(src.tags, true);
  data.extensions = isPlainObject(src.extensions) ? src.extensions : {};
  if (isPlainObject(src.character_book)) data.character_book = src.character_book;
  data.group_only_greetings = textList(src.group_only_greetings);
  if (typeof src.nickname === 'string') data.nickname = src.nickname;
  if (Array.isArray(src.assets)) data.assets = src.assets;
  if (isPlainObject(src.creator_notes_multilingual)) data.creator_notes_multilingual = src.creator_notes_multilingual;
  if (src.source !== undefined && src.source !== null) data.source = textList(src.source);
  for (const key of ['creation_date', 'modification_date'] as const) {
    const value = src[key];
    if (typeof value === 'number' && Number.isFinite(value)) data[key] = value;
  }
  if (src !== top) copyExcept(src, data, KNOWN_DATA_FIELDS);
  return data;
}

/** Parsed JSON → Card; throws 'invalid_card' unless it counts as a card (countsAsCard, validate.ts). */
export function normalizeCard(json: unknown): { card: Card; format: CardFormat } {
  if (!countsAsCard(json)) throw new CardError('invalid_card', 'not_a_card');
  const nested = isPlainObject(json.data);
  if (!nested && json.data !== undefined && json.data !== null) throw new CardError('invalid_card', 'data_not_object');
  const format: CardFormat = json.spec === 'chara_card_v3' ? 'v3' : nested ? 'v2' : 'v1';
  const data = normalizeData(nested ? (json.data as Record<string, unknown>) : json, json);
  const version = json.spec_version;
  const card: Card = {
    spec: 'chara_card_v3',
    spec_version:
      format === 'v1'
        ? '1.0'
        : typeof version === 'string'
          ? version
          : typeof version === 'number'
            ? String(version)
            : format === 'v3'
              ? '3.0'
              : '2.0',
    data,
  };
  copyExcept(json, card, nested ? RESERVED_TOP : RESERVED_FLAT);
  return { card, format };
}

function unknownTop(card: Card): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  copyExcept(card, out, RESERVED_TOP);
  return out;
}

/**
 * The `chara` chunk: Character Card V2 with the V1 fields mirrored at the top level, as SillyTavern
 * writes it, so V1-only readers still find the character.
 */
export function toV2Json(card: Card): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  copyExcept(card.data, data, V3_ONLY_FIELDS);
  const mirror: Record<string, unknown> = {};
  for (const key of V1_FIELDS) mirror[key] = card.data[key];
  return { ...unknownTop(card), ...mirror, spec: 'chara_card_v2', spec_version: '2.0', data };
}

/** The `ccv3` chunk. A V1/V2 card becomes 3.0; a V3 card keeps its version (e.g. a future 3.1). */
export function toV3Json(card: Card): Record<string, unknown> {
  const version = Number.parseFloat(card.spec_version) >= 3 ? card.spec_version : '3.0';
  return { ...unknownTop(card), spec: 'chara_card_v3', spec_version: version, data: card.data };
}
