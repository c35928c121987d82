/**
 * Which lorebook entries go into the prompt, step by step as SillyTavern's world-info scan does:
 * entries in order of priority (highest `order` first), each activated by a key in the scanned
 * text (or constant, sticky, `@@activate`), then inclusion groups settled, probability rolled,
 * and the budget spent; what went in is scanned again for further keys (recursion) unless an
 * entry prevents it, until nothing new fires. Bounded: at most MAX_LORE_STEPS steps and
 * MAX_FIRED_ENTRIES entries, whatever the book.
 */
import { estimateTokens } from '../tokens';
import type { LoreBook, LoreEntry } from './entries';
import { settleGroups } from './groups';
import { Matcher, type Slot } from './matcher';
import { ScanBuffer, DEFAULT_SCAN_DEPTH } from './scan';
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

type Candidate = { slot: Slot; key: string | null; reason: FiredReason };

export function scanLore(input: LoreScanInput): LoreScanResult {
  const { book } = input;
  const sorted = [...book.entries].sort((a, b) => b.order - a.order || a.index - b.index);
  const timed = new TimedEffects(input.timed, input.chatLength, sorted);
  timed.check();
  const buffer = new ScanBuffer(input.messages, book.scanDepth ?? DEFAULT_SCAN_DEPTH);
  const matcher = new Matcher(input.fill);
  // In priority order, highest first.
  const slots = sorted.map((entry) => matcher.slot(entry, timed, buffer));
  const slotOf = new Map(slots.map((slot) => [slot.entry, slot]));
  const delayLevels = [...new Set(sorted.map((entry) => entry.delayUntilRecursion).filter((level) => level > 0))].sort((a, b) => a - b);
  let delayLevel = delayLevels.shift() ?? 0;

  const fired: FiredLore[] = [];
  const alreadyIn = new Set<LoreEntry>();
  let spent = 0;
  let overflowed = false;

  const candidate = (slot: Slot, recursion: boolean): Candidate | null => {
    const { entry, sticky } = slot;
    if (slot.done || slot.blocked) return null;
    if (entry.delayUntilRecursion && !sticky && (!recursion || entry.delayUntilRecursion > delayLevel)) return null;
    if (recursion && book.recursive && entry.excludeRecursion && !sticky) return null;
    if (entry.decorator === 'activate') return { slot, key: null, reason: 'decorator' };
    if (entry.decorator === 'dont_activate') return null;
    if (entry.constant) return { slot, key: null, reason: 'constant' };
    if (sticky) return { slot, key: null, reason: 'sticky' };
    const key = matcher.primary(slot);
    return key !== undefined && matcher.secondary(slot) ? { slot, key, reason: 'key' } : null;
  };

  for (let step = 0; step < MAX_LORE_STEPS; step++) {
    // Sticky entries first, then the rest, each in priority order.
    const stickyFound: Candidate[] = [];
    const found: Candidate[] = [];
    for (const slot of slots) {
      const c = candidate(slot, step > 0);
      if (c !== null) (slot.sticky ? stickyFound : found).push(c);
    }
    found.unshift(...stickyFound);
    const byEntry = new Map(found.map((c) => [c.slot.entry, c]));
    const settled = settleGroups(
      found.map((c) => c.slot.entry),
      { alreadyIn, timed, random: input.random, score: (entry) => matcher.score(slotOf.get(entry)!) },
    );
    const added: FiredLore[] = [];
    for (const entry of settled) {
      const { slot, key, reason } = byEntry.get(entry)!;
      const rolled = slot.sticky || entry.probability >= 100 || input.random() * 100 <= entry.probability;
      if (!rolled) {
        slot.done = true;
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
      slot.done = true;
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
