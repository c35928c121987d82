/**
 * The text a lorebook scans, as SillyTavern builds it: the newest messages first, each as
 * 'Name: message' (so a key equal to a speaker's name fires), up to the entry's scan depth, then
 * what earlier entries activated (recursion). Keys match whole words unless an entry says not,
 * case-insensitively unless it says so, or as a regular expression through RE2.
 */
import { compileRegexKey } from '../../card/regexKeys';
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

/** One scanned text, with its lower-case twin made on first need. */
export class Haystack {
  private lowered: string | undefined;
  constructor(readonly text: string) {}
  get lower(): string {
    return (this.lowered ??= this.text.toLowerCase());
  }
}

/** Whether `key` (already filled and trimmed) is in the text, by the entry's rules. */
export function keyMatches(haystack: Haystack, key: string, entry: Pick<LoreEntry, 'caseSensitive' | 'wholeWords'>): boolean {
  const regex = compileRegexKey(key);
  if (regex) return regex.ok && regex.key.test(haystack.text);
  const caseSensitive = entry.caseSensitive ?? false;
  const text = caseSensitive ? haystack.text : haystack.lower;
  const needle = caseSensitive ? key : key.toLowerCase();
  if (entry.wholeWords ?? true) return /\s/.test(needle) ? text.includes(needle) : hasWholeWord(text, needle);
  return text.includes(needle);
}

export class ScanBuffer {
  private readonly byDepth = new Map<string, Haystack>();
  private readonly recursed: string[] = [];

  /** `messages`: the chat's scanned lines, newest first. */
  constructor(
    private readonly messages: readonly string[],
    private readonly defaultDepth: number,
  ) {}

  /** The text an entry scans: its depth of messages, then what entries activated so far added. */
  text(entry: Pick<LoreEntry, 'scanDepth'>): Haystack {
    const depth = Math.min(entry.scanDepth ?? this.defaultDepth, this.messages.length);
    // SillyTavern scans nothing at depth 0, not even what recursion added.
    if ((entry.scanDepth ?? this.defaultDepth) <= 0) return new Haystack('');
    const recursion = this.recursed.length;
    const cacheKey = `${depth}:${recursion}`;
    let haystack = this.byDepth.get(cacheKey);
    if (!haystack) {
      const parts = this.messages.slice(0, depth);
      if (recursion > 0) parts.push(...this.recursed);
      haystack = new Haystack(MATCHER + parts.join(`\n${MATCHER}`));
      this.byDepth.set(cacheKey, haystack);
    }
    return haystack;
  }

  addRecursion(text: string): void {
    this.recursed.push(text);
  }
}
