/**
 * The text a lorebook scans, as SillyTavern builds it: the newest messages first, each as
 * 'Name: message' (so a key equal to a speaker's name fires), up to the entry's scan depth, then
 * what earlier entries activated (recursion). Keys match whole words unless an entry says not,
 * case-insensitively unless it says so, or as a regular expression through RE2.
 */
import { compileRegexKey, type CompiledRegexKey } from '../../card/regexKeys';
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

/**
 * Whether `key` (already filled and trimmed) is in the text, by the entry's rules; `regex` is the
 * key compiled (compileRegexKey), passed when the caller keeps it.
 */
export function keyMatches(
  haystack: Haystack,
  key: string,
  entry: Pick<LoreEntry, 'caseSensitive' | 'wholeWords'>,
  regex: CompiledRegexKey | null = compileRegexKey(key),
): boolean {
  if (regex) {
    if (!regex.ok) return false;
    const { literal, caseInsensitive } = regex.key;
    // A text without what every match contains is ruled out by a plain search, before the engine runs.
    if (literal !== null && !(caseInsensitive ? haystack.lower : haystack.text).includes(literal)) return false;
    return regex.key.test(haystack.text);
  }
  const caseSensitive = entry.caseSensitive ?? false;
  const text = caseSensitive ? haystack.text : haystack.lower;
  const needle = caseSensitive ? key : key.toLowerCase();
  if (entry.wholeWords ?? true) return /\s/.test(needle) ? text.includes(needle) : hasWholeWord(text, needle);
  return text.includes(needle);
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

  /** `messages`: the chat's scanned lines, newest first. */
  constructor(
    private readonly messages: readonly string[],
    private readonly defaultDepth: number,
  ) {}

  /** The pieces an entry scans: its depth of messages, then what entries activated so far added. */
  pieces(entry: Pick<LoreEntry, 'scanDepth'>): readonly Haystack[] {
    const wanted = entry.scanDepth ?? this.defaultDepth;
    // SillyTavern scans nothing at depth 0, not even what recursion added.
    if (wanted <= 0) return [];
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
