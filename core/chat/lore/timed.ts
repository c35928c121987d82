/**
 * Sticky, cooldown and delay: an entry's timed effects across a chat, as SillyTavern keeps them in
 * the chat's metadata under `timedWorldInfo` (`{ sticky: { key: { hash, start, end, protected } },
 * cooldown: {…} }`, positions counted in messages). Sticky keeps an entry active for N messages
 * after it fired; cooldown keeps it off for N messages after that (or after it fired); delay keeps
 * it off until the chat has N messages. An effect set on a reply that was then regenerated is
 * dropped (the chat did not move on), so a swipe rolls the same dice again.
 */
import { hashString } from '../macros/seeded';
import { isRecord, type LoreEntry } from './entries';

export interface TimedEffect {
  hash: number;
  start: number;
  end: number;
  protected: boolean;
}

export interface TimedWorldInfo {
  sticky: Record<string, TimedEffect>;
  cooldown: Record<string, TimedEffect>;
}

type Kind = 'sticky' | 'cooldown';
const KINDS: Kind[] = ['sticky', 'cooldown'];
/** A chat's state stays small whatever was stored in it. */
const MAX_EFFECTS = 1000;

export const timedKey = (entry: Pick<LoreEntry, 'id'>) => `character_book.${entry.id}`;

const hashes = new WeakMap<LoreEntry, number>();

/**
 * Tells an entry that changed from the one a timed effect was set for: a hash of the entry as the
 * book holds it; 0 for an entry without sticky or cooldown. Hashed when first needed, once per
 * entry read (hashing every such entry of a big book for every prompt costs).
 */
export function entryHash(entry: LoreEntry): number {
  if (!entry.sticky && !entry.cooldown) return 0;
  let hash = hashes.get(entry);
  if (hash === undefined) hashes.set(entry, (hash = hashString(JSON.stringify(entry.source))));
  return hash;
}

/** A stored state read defensively (it comes from the chat row, maybe from an imported file). */
export function readTimedWorldInfo(value: unknown): TimedWorldInfo {
  const state: TimedWorldInfo = { sticky: {}, cooldown: {} };
  if (!isRecord(value)) return state;
  for (const kind of KINDS) {
    const effects = value[kind];
    if (!isRecord(effects)) continue;
    for (const [key, effect] of Object.entries(effects).slice(0, MAX_EFFECTS)) {
      if (!isRecord(effect)) continue;
      const { hash, start, end } = effect;
      if (![hash, start, end].every((n) => typeof n === 'number' && Number.isFinite(n))) continue;
      state[kind][key] = { hash: hash as number, start: start as number, end: end as number, protected: effect.protected === true };
    }
  }
  return state;
}

export class TimedEffects {
  readonly state: TimedWorldInfo;
  private readonly active: Record<Kind | 'delay', Set<LoreEntry>> = { sticky: new Set(), cooldown: new Set(), delay: new Set() };

  constructor(
    stored: TimedWorldInfo,
    private readonly chatLength: number,
    private readonly entries: readonly LoreEntry[],
  ) {
    this.state = { sticky: { ...stored.sticky }, cooldown: { ...stored.cooldown } };
  }

  private effectFor(kind: Kind, entry: LoreEntry, isProtected: boolean): TimedEffect {
    return { hash: entryHash(entry), start: this.chatLength, end: this.chatLength + entry[kind], protected: isProtected };
  }

  /** Reads which effects hold now, ending (and dropping) those that are over. */
  check(): void {
    for (const kind of KINDS) {
      for (const [key, effect] of Object.entries(this.state[kind])) {
        const entry = this.entries.find((candidate) => entryHash(candidate) !== 0 && entryHash(candidate) === effect.hash);
        const over = this.chatLength >= effect.end;
        if ((this.chatLength <= effect.start && !effect.protected) || (!entry && over) || (entry && !entry[kind])) {
          delete this.state[kind][key];
        } else if (entry && over) {
          delete this.state[kind][key];
          // A sticky entry that ends goes on cooldown at once.
          if (kind === 'sticky' && entry.cooldown) {
            this.state.cooldown[key] = this.effectFor('cooldown', entry, true);
            this.active.cooldown.add(entry);
          }
        } else if (entry) {
          this.active[kind].add(entry);
        }
      }
    }
    for (const entry of this.entries) if (entry.delay && this.chatLength < entry.delay) this.active.delay.add(entry);
  }

  isActive(kind: Kind | 'delay', entry: LoreEntry): boolean {
    return this.active[kind].has(entry);
  }

  /** Starts the sticky and cooldown of the entries that went into the prompt. */
  started(activated: Iterable<LoreEntry>): void {
    for (const entry of activated) {
      for (const kind of KINDS) {
        const key = timedKey(entry);
        if (entry[kind] && !this.state[kind][key]) this.state[kind][key] = this.effectFor(kind, entry, false);
      }
    }
  }
}
