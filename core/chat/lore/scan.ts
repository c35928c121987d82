/**
 * The text a lorebook scans, as SillyTavern builds it: the newest messages first, each as
 * 'Name: message' (so a key equal to a speaker's name fires), up to the entry's scan depth, then
 * what earlier entries activated (recursion). Keys match whole words unless an entry says not,
 * case-insensitively unless it says so, or as a regular expression through RE2.
 */
import { compileRegexKey, type CompiledRegexKey, type RegexKey } from '../../card/regexKeys';
import type { LoreEntry } from './entries';

/** SillyTavern's default: the last two messages. */
export const DEFAULT_SCAN_DEPTH = 2;
/** Each message starts with this in the scanned text (SillyTavern's marker), so `^` in a pattern finds a message's start. */
const MATCHER = '\x01';

const isWordChar = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;

/**
 * SillyTavern's whole-word rule: the key with a non-word character (ASCII \W) or the text's edge on
 * each side. A key of several words matches as a plain substring, as there.
 */
function hasWholeWord(text: string, word: string): boolean {
  if (word === '') return false;
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const end = at + word.length;
    if ((at === 0 || !isWordChar(text.charCodeAt(at - 1))) && (end === text.length || !isWordChar(text.charCodeAt(end)))) return true;
  }
  return false;
}

/** The text's runs of ASCII word characters, each whole: a key made only of them is a whole word in the text exactly when it is one of these. */
const wordRuns = (text: string): Set<string> => new Set(text.match(/\w+/g));

const PAIR_BITS = 4096;
const pairHash = (first: number, second: number) => (first * 31 + second) & (PAIR_BITS - 1);

/** The hashes of a needle's pairs of adjacent characters. */
function needlePairs(needle: string): Uint16Array {
  const pairs = new Uint16Array(Math.max(0, needle.length - 1));
  for (let i = 1; i < needle.length; i++) pairs[i - 1] = pairHash(needle.charCodeAt(i - 1), needle.charCodeAt(i));
  return pairs;
}

/**
 * The text's pairs of adjacent characters, hashed into a bit set: a needle with a pair the text
 * lacks is not in the text, which rules out most keys of several words without searching for them.
 */
function textPairs(text: string): Uint32Array {
  const bits = new Uint32Array(PAIR_BITS / 32);
  for (let i = 1; i < text.length; i++) {
    const hash = pairHash(text.charCodeAt(i - 1), text.charCodeAt(i));
    bits[hash >>> 5]! |= 1 << (hash & 31);
  }
  return bits;
}

/** One scanned text, with its lower-case twin, and the word runs and character pairs of each, made on first need. */
export class Haystack {
  private lowered: string | undefined;
  private runs: Set<string> | undefined;
  private lowerRuns: Set<string> | undefined;
  private pairs: Uint32Array | undefined;
  private lowerPairs: Uint32Array | undefined;
  constructor(readonly text: string) {}
  get lower(): string {
    return (this.lowered ??= this.text.toLowerCase());
  }
  words(caseSensitive: boolean): Set<string> {
    return caseSensitive ? (this.runs ??= wordRuns(this.text)) : (this.lowerRuns ??= wordRuns(this.lower));
  }
  /** False when the text cannot hold a needle with these pairs; true when it may. */
  mayHold(pairs: Uint16Array, caseSensitive: boolean): boolean {
    const bits = caseSensitive ? (this.pairs ??= textPairs(this.text)) : (this.lowerPairs ??= textPairs(this.lower));
    for (const hash of pairs) if ((bits[hash >>> 5]! & (1 << (hash & 31))) === 0) return false;
    return true;
  }
}

/** How a plain key is searched for under the whole-word rule. */
type NeedleShape = 'phrase' | 'word' | 'other';

/** A key made ready to search for: compiled when it is a pattern, lower-cased once, its shape read once. */
export interface ScanKey {
  /** Filled and trimmed. */
  text: string;
  regex: CompiledRegexKey | null;
  lower: string;
  /** The shape of `text` (case-sensitive search) and of `lower` (the default). */
  shape: NeedleShape;
  lowerShape: NeedleShape;
  /** How it is searched for under each entry's rules (keySearch), made on first need. */
  searches: (KeySearch | undefined)[];
}

const shapeOf = (needle: string): NeedleShape => (/\s/.test(needle) ? 'phrase' : /^\w+$/.test(needle) ? 'word' : 'other');

function makeScanKey(text: string): ScanKey {
  const lower = text.toLowerCase();
  return { text, regex: compileRegexKey(text), lower, shape: shapeOf(text), lowerShape: shapeOf(lower), searches: [] };
}

const scanKeys = new Map<string, ScanKey>();
/** Keys of the books in use; a process that meets more starts over. */
const SCAN_KEY_CACHE_SIZE = 10_000;
/**
 * Keys are words and names: a longer one (a hostile card's) is made ready each time instead, so
 * the cache holds at most a few megabytes.
 */
const MAX_CACHED_KEY_CHARS = 100;

/** The key made ready (cached by its text: a card's keys are prepared once per process, not once per prompt). */
export function scanKey(text: string): ScanKey {
  if (text.length > MAX_CACHED_KEY_CHARS) return makeScanKey(text);
  let key = scanKeys.get(text);
  if (key === undefined) {
    key = makeScanKey(text);
    if (scanKeys.size >= SCAN_KEY_CACHE_SIZE) scanKeys.clear();
    scanKeys.set(text, key);
  }
  return key;
}

/**
 * How one key is looked for by one entry's rules, decided once: by a pattern, as one of the text's
 * word runs, as a whole word anywhere (a key with other characters), or as a plain substring.
 */
export type KeySearch =
  | { mode: 'pattern'; pattern: RegexKey | null; pairs: Uint16Array }
  | { mode: 'word'; needle: string; caseSensitive: boolean }
  | { mode: 'whole' | 'substring'; needle: string; caseSensitive: boolean; pairs: Uint16Array };

export function keySearch(key: ScanKey, entry: Pick<LoreEntry, 'caseSensitive' | 'wholeWords'>): KeySearch {
  const rules = (entry.caseSensitive === true ? 1 : 0) + (entry.wholeWords === false ? 2 : 0);
  return (key.searches[rules] ??= searchFor(key, entry));
}

function searchFor(key: ScanKey, entry: Pick<LoreEntry, 'caseSensitive' | 'wholeWords'>): KeySearch {
  const { regex } = key;
  // An invalid pattern never matches.
  if (regex) {
    const pattern = regex.ok ? regex.key : null;
    return { mode: 'pattern', pattern, pairs: needlePairs(pattern?.literal ?? '') };
  }
  const caseSensitive = entry.caseSensitive ?? false;
  const needle = caseSensitive ? key.text : key.lower;
  const shape = caseSensitive ? key.shape : key.lowerShape;
  if ((entry.wholeWords ?? true) && shape === 'word') return { mode: 'word', needle, caseSensitive };
  const mode = !(entry.wholeWords ?? true) || shape === 'phrase' ? 'substring' : 'whole';
  return { mode, needle, caseSensitive, pairs: needlePairs(needle) };
}

/** Whether the text holds the key, searched as `search` says. */
export function searchIn(haystack: Haystack, search: KeySearch): boolean {
  if (search.mode === 'pattern') {
    const { pattern } = search;
    if (pattern === null) return false;
    const { literal, caseInsensitive } = pattern;
    // A text without what every match contains is ruled out by a plain search, before the engine runs.
    if (literal !== null && !haystack.mayHold(search.pairs, !caseInsensitive)) return false;
    if (literal !== null && !(caseInsensitive ? haystack.lower : haystack.text).includes(literal)) return false;
    return pattern.test(haystack.text);
  }
  const { needle, caseSensitive } = search;
  if (search.mode === 'word') return haystack.words(caseSensitive).has(needle);
  if (!haystack.mayHold(search.pairs, caseSensitive)) return false;
  const text = caseSensitive ? haystack.text : haystack.lower;
  return search.mode === 'substring' ? text.includes(needle) : hasWholeWord(text, needle);
}

/**
 * Whether `key` (already filled and trimmed, or made ready by scanKey) is in the text, by the
 * entry's rules.
 */
export function keyMatches(haystack: Haystack, key: string | ScanKey, entry: Pick<LoreEntry, 'caseSensitive' | 'wholeWords'>): boolean {
  return searchIn(haystack, keySearch(typeof key === 'string' ? scanKey(key) : key, entry));
}

/**
 * The scanned text in pieces: the messages up to a depth, then each step's activated contents. A
 * key is looked for piece by piece, and a piece once searched is not searched again for that key
 * (a key found stays found), so recursion costs only its new text. SillyTavern joins the pieces
 * with a marker line between them, which no key can span; a pattern could only in theory.
 */
export class ScanBuffer {
  private readonly byDepth = new Map<number, Haystack[]>();
  private readonly recursed: Haystack[] = [];
  private readonly none: readonly Haystack[] = [];

  /** `messages`: the chat's scanned lines, newest first. */
  constructor(
    private readonly messages: readonly string[],
    private readonly defaultDepth: number,
  ) {}

  /**
   * The pieces an entry scans: its depth of messages, then what entries activated so far added.
   * The same list grows as recursion adds pieces, so a caller may keep it.
   */
  pieces(entry: Pick<LoreEntry, 'scanDepth'>): readonly Haystack[] {
    const wanted = entry.scanDepth ?? this.defaultDepth;
    // SillyTavern scans nothing at depth 0, not even what recursion added.
    if (wanted <= 0) return this.none;
    const depth = Math.min(wanted, this.messages.length);
    let pieces = this.byDepth.get(depth);
    if (!pieces) {
      pieces = [new Haystack(MATCHER + this.messages.slice(0, depth).join(`\n${MATCHER}`)), ...this.recursed];
      this.byDepth.set(depth, pieces);
    }
    return pieces;
  }

  addRecursion(text: string): void {
    const piece = new Haystack(MATCHER + text);
    this.recursed.push(piece);
    for (const pieces of this.byDepth.values()) pieces.push(piece);
  }
}
