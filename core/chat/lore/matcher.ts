/**
 * The lorebook entries during one scan, each with its keys and what is known of them so far, so
 * a step of the scan costs little per entry: a key is filled, made ready and told how to search
 * once, a piece of text once searched for a key is not searched again for it (a key found stays
 * found), and what holds for the whole scan (sticky, cooldown, delay) is read once.
 */
import type { LoreEntry } from './entries';
import { keySearch, scanKey, searchIn, type Haystack, type KeySearch, type ScanBuffer } from './scan';
import type { TimedEffects } from './timed';

/**
 * One key of one entry: how it is searched for (undefined until first looked for: filling a key
 * draws from the prompt's dice, so keys are filled in the order they are first looked for, no
 * sooner; null when it fills to nothing), how many of the entry's pieces were searched, and
 * whether it was found.
 */
interface KeyState {
  raw: string;
  search: KeySearch | null | undefined;
  searched: number;
  found: boolean;
}

/** One entry during one scan. */
export interface Slot {
  entry: LoreEntry;
  /** Sticky now (held for the whole scan). */
  sticky: boolean;
  /** Delayed, or cooling down without being sticky: it cannot go in during this scan. */
  blocked: boolean;
  /** It went in, or failed its probability roll: it is not looked at again. */
  done: boolean;
  pieces: readonly Haystack[];
  primary: KeyState[];
  secondary: KeyState[];
}

const keyStates = (keys: readonly string[]): KeyState[] => keys.map((raw) => ({ raw, search: undefined, searched: 0, found: false }));

export class Matcher {
  private readonly filled = new Map<string, string>();

  constructor(private readonly fill: (text: string) => string) {}

  slot(entry: LoreEntry, timed: TimedEffects, buffer: ScanBuffer): Slot {
    const sticky = timed.isActive('sticky', entry);
    return {
      entry,
      sticky,
      blocked: timed.isActive('delay', entry) || (timed.isActive('cooldown', entry) && !sticky),
      done: false,
      pieces: buffer.pieces(entry),
      primary: keyStates(entry.keys),
      secondary: keyStates(entry.secondaryKeys),
    };
  }

  /** The key with its macros filled (once per key per prompt) and trimmed. */
  private filledKey(key: string): string {
    if (!key.includes('{{') && !key.includes('<')) return key;
    let text = this.filled.get(key);
    if (text === undefined) {
      text = this.fill(key).trim();
      this.filled.set(key, text);
    }
    return text;
  }

  /** Whether the key is in the entry's scanned text; only pieces added since the last look are searched. */
  private matches(state: KeyState, slot: Slot): boolean {
    if (state.search === undefined) {
      const text = this.filledKey(state.raw);
      state.search = text === '' ? null : keySearch(scanKey(text), slot.entry);
    }
    const { search } = state;
    const { pieces } = slot;
    while (!state.found && state.searched < pieces.length) {
      state.found = search !== null && searchIn(pieces[state.searched]!, search);
      state.searched += 1;
    }
    return state.found;
  }

  private hits(states: readonly KeyState[], slot: Slot): number {
    let hits = 0;
    for (const state of states) if (this.matches(state, slot)) hits++;
    return hits;
  }

  /** The first primary key found in the entry's scanned text, as written in the card. */
  primary(slot: Slot): string | undefined {
    const { primary } = slot;
    for (let at = 0; at < primary.length; at++) if (this.matches(primary[at]!, slot)) return primary[at]!.raw;
    return undefined;
  }

  /** SillyTavern's secondary-key logic: AND ANY, NOT ALL, NOT ANY, AND ALL. */
  secondary(slot: Slot): boolean {
    const { secondary, entry } = slot;
    if (secondary.length === 0) return true;
    const hits = this.hits(secondary, slot);
    switch (entry.logic) {
      case 1:
        return hits < secondary.length;
      case 2:
        return hits === 0;
      case 3:
        return hits === secondary.length;
      default:
        return hits > 0;
    }
  }

  /** Keys matched, for group scoring: primary, plus secondary under AND ANY (or AND ALL when all match). */
  score(slot: Slot): number {
    const { entry } = slot;
    if (slot.primary.length === 0) return 0;
    const primary = this.hits(slot.primary, slot);
    const secondary = this.hits(slot.secondary, slot);
    if (slot.secondary.length === 0) return primary;
    if (entry.logic === 0) return primary + secondary;
    if (entry.logic === 3 && secondary === slot.secondary.length) return primary + secondary;
    return primary;
  }
}
