/**
 * Which lorebook entries go into the prompt, step by step as SillyTavern's world-info scan does:
 * entries in order of priority (highest `order` first), each activated by a key in the scanned
 * text (or constant, sticky, `@@activate`), then inclusion groups settled, probability rolled,
 * and the budget spent; what went in is scanned again for further keys (recursion) unless an
 * entry prevents it, until nothing new fires. Bounded: at most MAX_LORE_STEPS steps and
 * MAX_FIRED_ENTRIES entries, whatever the book.
 */
import { compileRegexKey, type CompiledRegexKey } from '../../card/regexKeys';
import { estimateTokens } from '../tokens';
import type { LoreBook, LoreEntry } from './entries';
import { settleGroups } from './groups';
import { keyMatches, ScanBuffer, DEFAULT_SCAN_DEPTH } from './scan';
import { TimedEffects, type TimedWorldInfo } from './timed';

export const MAX_LORE_STEPS = 10;
export const MAX_FIRED_ENTRIES = 200;

export interface LoreScanInput {
  book: LoreBook;
  /** The chat's scanned lines, newest first: 'Name: message', macros filled. */
  messages: readonly string[];
  /** Tokens the entries' contents may take together. */
  budget: number;
  /** Probability and inclusion-group draws. */
  random: () => number;
  /** Fills macros in keys and contents. */
  fill: (text: string) => string;
  timed: TimedWorldInfo;
  /** Messages in the chat so far: the clock of sticky, cooldown and delay. */
  chatLength: number;
}

export type FiredReason = 'key' | 'constant' | 'sticky' | 'decorator';

export interface FiredLore {
  entry: LoreEntry;
  /** The content with its macros filled. */
  content: string;
  /** The key that fired it (as written in the card); null when it did not need one. */
  key: string | null;
  reason: FiredReason;
  /** 0: from the chat; 1 and on: from what earlier entries added (recursion). */
  step: number;
  tokens: number;
}

export interface LoreScanResult {
  /** In the order they went in (highest priority first within a step). */
  fired: FiredLore[];
  timed: TimedWorldInfo;
  /** Whether the budget stopped further entries. */
  overflowed: boolean;
}

type Candidate = { entry: LoreEntry; key: string | null; reason: FiredReason };

/** Where a key was looked for in an entry's pieces: searched up to `searched`, and whether it was found. */
type KeyState = { searched: number; found: boolean };

class Matcher {
  private readonly filled = new Map<string, { text: string; regex: CompiledRegexKey | null }>();
  private readonly states = new Map<LoreEntry, Map<string, KeyState>>();
  constructor(
    private readonly fill: (text: string) => string,
    private readonly buffer: ScanBuffer,
  ) {}

  /** The key with its macros filled, and compiled when it is a pattern: once per key per prompt. */
  private key(key: string): { text: string; regex: CompiledRegexKey | null } {
    let filled = this.filled.get(key);
    if (filled === undefined) {
      const text = key.includes('{{') || key.includes('<') ? this.fill(key).trim() : key;
      filled = { text, regex: compileRegexKey(text) };
      this.filled.set(key, filled);
    }
    return filled;
  }

  /** Whether the key is in the entry's scanned text; only pieces added since the last look are searched. */
  matches(key: string, entry: LoreEntry): boolean {
    let states = this.states.get(entry);
    if (!states) this.states.set(entry, (states = new Map()));
    let state = states.get(key);
    if (!state) states.set(key, (state = { searched: 0, found: false }));
    const pieces = this.buffer.pieces(entry);
    const filled = this.key(key);
    while (!state.found && state.searched < pieces.length) {
      state.found = filled.text !== '' && keyMatches(pieces[state.searched]!, filled.text, entry, filled.regex);
      state.searched += 1;
    }
    return state.found;
  }

  /** SillyTavern's secondary-key logic: AND ANY, NOT ALL, NOT ANY, AND ALL. */
  secondary(entry: LoreEntry): boolean {
    if (entry.secondaryKeys.length === 0) return true;
    const hits = entry.secondaryKeys.filter((key) => this.matches(key, entry)).length;
    switch (entry.logic) {
      case 1:
        return hits < entry.secondaryKeys.length;
      case 2:
        return hits === 0;
      case 3:
        return hits === entry.secondaryKeys.length;
      default:
        return hits > 0;
    }
  }

  /** Keys matched, for group scoring: primary, plus secondary under AND ANY (or AND ALL when all match). */
  score(entry: LoreEntry): number {
    if (entry.keys.length === 0) return 0;
    const primary = entry.keys.filter((key) => this.matches(key, entry)).length;
    const secondary = entry.secondaryKeys.filter((key) => this.matches(key, entry)).length;
    if (entry.secondaryKeys.length === 0) return primary;
    if (entry.logic === 0) return primary + secondary;
    if (entry.logic === 3 && secondary === entry.secondaryKeys.length) return primary + secondary;
    return primary;
  }
}

export function scanLore(input: LoreScanInput): LoreScanResult {
  const { book } = input;
  const sorted = [...book.entries].sort((a, b) => b.order - a.order || a.index - b.index);
  const rank = new Map(sorted.map((entry, i) => [entry, i]));
  const timed = new TimedEffects(input.timed, input.chatLength, sorted);
  timed.check();
  const buffer = new ScanBuffer(input.messages, book.scanDepth ?? DEFAULT_SCAN_DEPTH);
  const matcher = new Matcher(input.fill, buffer);
  const delayLevels = [...new Set(sorted.map((entry) => entry.delayUntilRecursion).filter((level) => level > 0))].sort((a, b) => a - b);
  let delayLevel = delayLevels.shift() ?? 0;

  const fired: FiredLore[] = [];
  const alreadyIn = new Set<LoreEntry>();
  const failed = new Set<LoreEntry>();
  let spent = 0;
  let overflowed = false;

  const candidate = (entry: LoreEntry, recursion: boolean): Candidate | null => {
    if (alreadyIn.has(entry) || failed.has(entry)) return null;
    const sticky = timed.isActive('sticky', entry);
    if (timed.isActive('delay', entry) || (timed.isActive('cooldown', entry) && !sticky)) return null;
    if (entry.delayUntilRecursion && !sticky && (!recursion || entry.delayUntilRecursion > delayLevel)) return null;
    if (recursion && book.recursive && entry.excludeRecursion && !sticky) return null;
    if (entry.decorator === 'activate') return { entry, key: null, reason: 'decorator' };
    if (entry.decorator === 'dont_activate') return null;
    if (entry.constant) return { entry, key: null, reason: 'constant' };
    if (sticky) return { entry, key: null, reason: 'sticky' };
    const key = entry.keys.find((k) => matcher.matches(k, entry));
    return key !== undefined && matcher.secondary(entry) ? { entry, key, reason: 'key' } : null;
  };

  for (let step = 0; step < MAX_LORE_STEPS; step++) {
    const found = sorted.map((entry) => candidate(entry, step > 0)).filter((c): c is Candidate => c !== null);
    const sticky = (c: Candidate) => (timed.isActive('sticky', c.entry) ? 1 : 0);
    found.sort((a, b) => sticky(b) - sticky(a) || rank.get(a.entry)! - rank.get(b.entry)!);
    const byEntry = new Map(found.map((c) => [c.entry, c]));
    const settled = settleGroups(
      found.map((c) => c.entry),
      { alreadyIn, timed, random: input.random, score: (entry) => matcher.score(entry) },
    );
    const added: FiredLore[] = [];
    for (const entry of settled) {
      const rolled = timed.isActive('sticky', entry) || entry.probability >= 100 || input.random() * 100 <= entry.probability;
      if (!rolled) {
        failed.add(entry);
        continue;
      }
      const content = input.fill(entry.content);
      const tokens = estimateTokens(content);
      if (spent + tokens > input.budget || fired.length >= MAX_FIRED_ENTRIES) {
        overflowed = true;
        break;
      }
      spent += tokens;
      alreadyIn.add(entry);
      const { key, reason } = byEntry.get(entry)!;
      added.push({ entry, content, key, reason, step, tokens });
    }
    fired.push(...added);
    const recursing = added.filter((f) => !f.entry.preventRecursion);
    let next = book.recursive && !overflowed && recursing.length > 0;
    if (!next && !overflowed && delayLevels.length > 0) {
      delayLevel = delayLevels.shift()!;
      next = true;
    }
    if (!next) break;
    buffer.addRecursion(recursing.map((f) => f.content).join('\n'));
  }
  timed.started(alreadyIn);
  return { fired, timed: timed.state, overflowed };
}
