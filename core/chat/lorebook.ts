/**
 * Lorebook (Character Card V2/V3 `character_book`) activation: which entries' contents go into the
 * prompt, given the last few messages. The book is untrusted JSON carried as-is by core/card, so
 * every field is checked here and an odd shape only ever means "no entry", never an exception.
 *
 * Deliberate simplifications, each safe for the cards seen in the wild:
 * - Keys are plain substrings (case-insensitive unless the entry is case-sensitive). V3 regex keys
 *   (`use_regex`) are matched literally too: running an untrusted card's regex on the server is a
 *   ReDoS risk, and the common cards that set `use_regex` (e.g. SillyTavern's Seraphina) use words.
 * - `recursive_scanning` is ignored: activated contents are not scanned for further keys, which
 *   keeps one pass per message and rules out activation loops.
 * - Per-entry scan depth, probability, groups, sticky/cooldown (SillyTavern extensions) are ignored.
 */
import { estimateTokens } from './tokens';

export type LorePosition = 'before_char' | 'after_char';

export interface LoreEntry {
  content: string;
  position: LorePosition;
}

export interface LoreOptions {
  /** Messages scanned, newest last; overrides the book's `scan_depth`. */
  scanDepth?: number;
  /** Caps the contents' estimated tokens on top of the book's own `token_budget`. */
  tokenBudget?: number;
}

/**
 * The last 4 messages when the book does not say: the last two exchanges, so a place or person
 * named one turn ago is still in play, without old topics lingering for the rest of the chat.
 */
export const DEFAULT_SCAN_DEPTH = 4;

/** SillyTavern's `selectiveLogic` for the secondary keys of a selective entry; 0 (any) is the default. */
const NOT_ALL = 1;
const NOT_ANY = 2;
const AND_ALL = 3;

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function positiveNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : undefined;
}

function keyList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((key): key is string => typeof key === 'string' && key.trim() !== '').map((key) => key.trim());
}

/** V2/V3 books hold an array; SillyTavern world files (sometimes pasted in) an id → entry map. */
function entryList(book: Json): Json[] {
  const { entries } = book;
  const list = Array.isArray(entries) ? entries : isRecord(entries) ? Object.values(entries) : [];
  return list.filter(isRecord);
}

class ScanText {
  private readonly exact: string;
  private lower: string | undefined;

  constructor(texts: string[]) {
    // A newline between messages keeps a key from matching across two of them.
    this.exact = texts.join('\n');
  }

  has(key: string, caseSensitive: boolean): boolean {
    if (caseSensitive) return this.exact.includes(key);
    this.lower ??= this.exact.toLowerCase();
    return this.lower.includes(key.toLowerCase());
  }
}

function secondaryMatches(entry: Json, scan: ScanText, caseSensitive: boolean): boolean {
  const secondary = keyList(entry.secondary_keys);
  if (entry.selective !== true || secondary.length === 0) return true;
  const extensions = isRecord(entry.extensions) ? entry.extensions : {};
  const hits = secondary.filter((key) => scan.has(key, caseSensitive)).length;
  switch (extensions.selectiveLogic) {
    case NOT_ALL:
      return hits < secondary.length;
    case NOT_ANY:
      return hits === 0;
    case AND_ALL:
      return hits === secondary.length;
    default:
      return hits > 0;
  }
}

function isActive(entry: Json, scan: ScanText): boolean {
  if (entry.enabled === false || entry.disable === true) return false;
  if (entry.constant === true) return true;
  const extensions = isRecord(entry.extensions) ? entry.extensions : {};
  // V2 puts case_sensitive on the entry; SillyTavern writes it into extensions (null = default).
  const caseSensitive = entry.case_sensitive === true || extensions.case_sensitive === true;
  // `key` is SillyTavern's world-file spelling of `keys`.
  const keys = keyList(entry.keys ?? entry.key);
  return keys.some((key) => scan.has(key, caseSensitive)) && secondaryMatches(entry, scan, caseSensitive);
}

/**
 * The active entries in insertion order (lower `insertion_order` first, ties in book order), with
 * where each goes. Under a token budget, an entry that does not fit is left out and later, smaller
 * ones may still go in.
 */
export function activeLore(book: unknown, recentTexts: readonly string[], options: LoreOptions = {}): LoreEntry[] {
  if (!isRecord(book)) return [];
  const depth = Math.floor(positiveNumber(options.scanDepth) ?? positiveNumber(book.scan_depth) ?? DEFAULT_SCAN_DEPTH);
  const scan = new ScanText(recentTexts.slice(-depth).filter((text) => typeof text === 'string'));
  const cap = typeof options.tokenBudget === 'number' && !Number.isNaN(options.tokenBudget) ? options.tokenBudget : Infinity;
  const budget = Math.min(positiveNumber(book.token_budget) ?? Infinity, cap);

  const active = entryList(book)
    .map((entry, index) => ({
      entry,
      index,
      order: typeof entry.insertion_order === 'number' && Number.isFinite(entry.insertion_order) ? entry.insertion_order : 0,
    }))
    .filter(({ entry }) => typeof entry.content === 'string' && entry.content.trim() !== '' && isActive(entry, scan))
    .sort((a, b) => a.order - b.order || a.index - b.index);

  const chosen: LoreEntry[] = [];
  let spent = 0;
  for (const { entry } of active) {
    const content = (entry.content as string).trim();
    const cost = estimateTokens(content);
    if (spent + cost > budget) continue;
    spent += cost;
    chosen.push({ content, position: entry.position === 'after_char' ? 'after_char' : 'before_char' });
  }
  return chosen;
}

/** The active entries' contents in insertion order (see activeLore). */
export function activeLoreEntries(book: unknown, recentTexts: readonly string[], options?: LoreOptions): string[] {
  return activeLore(book, recentTexts, options).map((entry) => entry.content);
}
