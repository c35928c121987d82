/**
 * A lorebook's entries read from untrusted JSON into one typed shape, with SillyTavern's defaults.
 * Both spellings are read: a Character Card V2/V3 `character_book` (`keys`, `insertion_order`, the
 * activation options under `extensions` as SillyTavern exports them) and a SillyTavern world file
 * pasted into a card (`key`, `order`, the options on the entry itself). An odd shape only ever
 * means a default, never an exception.
 */

/** Where an entry's content goes: SillyTavern's positions 0–6, by name. */
export const LORE_POSITIONS = ['before_char', 'after_char', 'an_top', 'an_bottom', 'at_depth', 'em_top', 'em_bottom'] as const;
export type LorePosition = (typeof LORE_POSITIONS)[number];
export type PromptRole = 'system' | 'user' | 'assistant';
export const PROMPT_ROLES: readonly PromptRole[] = ['system', 'user', 'assistant'];

/** SillyTavern's defaults: an entry at @depth goes 4 messages up; an inclusion group member weighs 100. */
export const DEFAULT_LORE_DEPTH = 4;
export const DEFAULT_GROUP_WEIGHT = 100;
/** Entries read from one book; a card's book has tens, a huge one a few thousand. */
export const MAX_LORE_ENTRIES = 5000;
/** SillyTavern's largest scan depth. */
export const MAX_SCAN_DEPTH = 1000;

/** SillyTavern's `selectiveLogic` for the secondary keys: AND ANY (default), NOT ALL, NOT ANY, AND ALL. */
export type SelectiveLogic = 0 | 1 | 2 | 3;

export interface LoreEntry {
  /** Its place in the book. */
  index: number;
  /** The entry's `id` (`uid` in a world file), else its place: names it in timed effects and in a prompt's parts. */
  id: string;
  comment: string;
  /** The content without its leading decorator lines. */
  content: string;
  keys: string[];
  secondaryKeys: string[];
  logic: SelectiveLogic;
  constant: boolean;
  order: number;
  position: LorePosition;
  depth: number;
  role: PromptRole;
  /** null: the default (insensitive). */
  caseSensitive: boolean | null;
  /** null: the default (whole words). */
  wholeWords: boolean | null;
  /** null: the book's scan depth. */
  scanDepth: number | null;
  /** 0–100; 100 always passes. */
  probability: number;
  groups: string[];
  /** The exact `group` text, as SillyTavern compares it with entries already active. */
  groupName: string;
  groupOverride: boolean;
  groupWeight: number;
  groupScoring: boolean;
  preventRecursion: boolean;
  excludeRecursion: boolean;
  /** 0: not delayed; n: only on recursion level n or later. */
  delayUntilRecursion: number;
  sticky: number;
  cooldown: number;
  delay: number;
  /** `@@activate` / `@@dont_activate` decorators at the top of the content. */
  decorator: 'activate' | 'dont_activate' | null;
  /**
   * The entry as the book holds it: a timed effect is tied to the entry it was set for by a hash of
   * this (entryHash), so an entry that changed since is told apart.
   */
  source: Readonly<Json>;
}

export interface LoreBook {
  entries: LoreEntry[];
  /** The book's scan_depth, when it sets one. */
  scanDepth: number | null;
  /** The book's token_budget, when it sets one. */
  tokenBudget: number | null;
  /** False only when the book says `recursive_scanning: false`. */
  recursive: boolean;
}

type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const number = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const wholeNumber = (value: unknown, min: number, max: number): number | undefined => {
  const n = number(value);
  return n === undefined ? undefined : Math.min(max, Math.max(min, Math.floor(n)));
};
const flag = (value: unknown): boolean | undefined => (typeof value === 'boolean' ? value : undefined);

function keyList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const keys: string[] = [];
  for (const key of value) {
    const trimmed = typeof key === 'string' ? key.trim() : '';
    if (trimmed !== '') keys.push(trimmed);
  }
  return keys;
}

function positionOf(entry: Json, extensions: Json): LorePosition {
  const numbered = number(extensions.position) ?? number(entry.position);
  if (numbered !== undefined) return LORE_POSITIONS[numbered] ?? 'after_char';
  // SillyTavern reads an entry with no position (or an unknown one) as after the character.
  return entry.position === 'before_char' ? 'before_char' : 'after_char';
}

function roleOf(value: unknown): PromptRole {
  if (typeof value === 'string' && (PROMPT_ROLES as readonly string[]).includes(value)) return value as PromptRole;
  return PROMPT_ROLES[wholeNumber(value, 0, 2) ?? 0]!;
}

function decorated(raw: string): { content: string; decorator: LoreEntry['decorator'] } {
  if (!raw.startsWith('@@')) return { content: raw, decorator: null };
  const lines = raw.split('\n');
  let decorator: LoreEntry['decorator'] = null;
  let first = 0;
  while (first < lines.length && lines[first]!.startsWith('@@')) {
    const line = lines[first]!.trim();
    if (line === '@@activate') decorator = 'activate';
    else if (line === '@@dont_activate') decorator = 'dont_activate';
    first++;
  }
  return { content: lines.slice(first).join('\n'), decorator };
}

function caseSensitivity(entry: Json, extensions: Json): boolean | null {
  // V2 puts case_sensitive on the entry; SillyTavern writes it into extensions (null = default).
  if (entry.case_sensitive === true || extensions.case_sensitive === true || entry.caseSensitive === true) return true;
  if (extensions.case_sensitive === false || entry.caseSensitive === false) return false;
  return null;
}

/**
 * One entry read with SillyTavern's defaults (the editor shows an entry's options from this). Each
 * activation option is read from the entry's `extensions` (V2/V3 as SillyTavern exports) or else
 * the entry itself (a world file), each by its name written out: a book of thousands of entries is
 * read for every prompt.
 */
export function readLoreEntry(entry: Json, index: number): LoreEntry {
  const extensions = isRecord(entry.extensions) ? entry.extensions : {};
  const { content, decorator } = decorated(typeof entry.content === 'string' ? entry.content : '');
  const id = entry.id ?? entry.uid;
  const group = extensions.group ?? entry.group;
  const groupName = typeof group === 'string' ? group : '';
  const delayUntil = extensions.delay_until_recursion ?? entry.delayUntilRecursion;
  const scanDepth = extensions.scan_depth ?? entry.scanDepth;
  const useProbability = flag(extensions.useProbability ?? entry.useProbability) ?? true;
  const sticky = wholeNumber(extensions.sticky ?? entry.sticky, 0, 1_000_000) ?? 0;
  const cooldown = wholeNumber(extensions.cooldown ?? entry.cooldown, 0, 1_000_000) ?? 0;
  return {
    index,
    id: typeof id === 'number' || typeof id === 'string' ? String(id) : String(index),
    comment: typeof entry.comment === 'string' ? entry.comment : '',
    content,
    keys: keyList(entry.keys ?? entry.key),
    // Secondary keys count only on a selective entry (V2), as SillyTavern reads them.
    secondaryKeys: entry.selective === true ? keyList(entry.secondary_keys ?? entry.keysecondary) : [],
    logic: (wholeNumber(extensions.selectiveLogic ?? entry.selectiveLogic, 0, 3) ?? 0) as SelectiveLogic,
    constant: entry.constant === true,
    order: number(entry.insertion_order) ?? number(entry.order) ?? 100,
    position: positionOf(entry, extensions),
    depth: wholeNumber(extensions.depth ?? entry.depth, 0, MAX_SCAN_DEPTH) ?? DEFAULT_LORE_DEPTH,
    role: roleOf(extensions.role ?? entry.role),
    caseSensitive: caseSensitivity(entry, extensions),
    wholeWords: flag(extensions.match_whole_words ?? entry.matchWholeWords) ?? null,
    scanDepth: scanDepth === null ? null : (wholeNumber(scanDepth, 0, MAX_SCAN_DEPTH) ?? null),
    probability: useProbability ? (wholeNumber(extensions.probability ?? entry.probability, 0, 100) ?? 100) : 100,
    groups: groupName.split(/,\s*/).filter((name) => name !== ''),
    groupName,
    groupOverride: flag(extensions.group_override ?? entry.groupOverride) ?? false,
    groupWeight: wholeNumber(extensions.group_weight ?? entry.groupWeight, 0, 1_000_000) ?? DEFAULT_GROUP_WEIGHT,
    groupScoring: flag(extensions.use_group_scoring ?? entry.useGroupScoring) ?? false,
    preventRecursion: flag(extensions.prevent_recursion ?? entry.preventRecursion) ?? false,
    excludeRecursion: flag(extensions.exclude_recursion ?? entry.excludeRecursion) ?? false,
    delayUntilRecursion: delayUntil === true ? 1 : (wholeNumber(delayUntil, 0, 100) ?? 0),
    sticky,
    cooldown,
    delay: wholeNumber(extensions.delay ?? entry.delay, 0, 1_000_000) ?? 0,
    decorator,
    source: entry,
  };
}

function enabled(entry: Json): boolean {
  return entry.enabled !== false && entry.disable !== true;
}

/** The book's enabled entries with content, typed; an empty book for anything that is not one. */
export function readLorebook(book: unknown): LoreBook {
  if (!isRecord(book)) return { entries: [], scanDepth: null, tokenBudget: null, recursive: true };
  const { entries } = book;
  const list = Array.isArray(entries) ? entries : isRecord(entries) ? Object.values(entries) : [];
  const read: LoreEntry[] = [];
  list.slice(0, MAX_LORE_ENTRIES).forEach((entry, index) => {
    if (!isRecord(entry) || !enabled(entry)) return;
    const typed = readLoreEntry(entry, index);
    if (typed.content.trim() !== '') read.push(typed);
  });
  const budget = number(book.token_budget);
  const depth = number(book.scan_depth);
  return {
    entries: read,
    scanDepth: depth !== undefined && depth >= 0 ? Math.min(MAX_SCAN_DEPTH, Math.floor(depth)) : null,
    tokenBudget: budget !== undefined && budget > 0 ? budget : null,
    recursive: book.recursive_scanning !== false,
  };
}
