/**
 * Inclusion groups, as SillyTavern settles them among the entries one scan step activated: an
 * entry in a group that already went in is left out; a sticky member wins its group; with group
 * scoring, only the members matching the most keys stay; a member marked to override wins
 * (the highest order first); otherwise one member is drawn, weighted by its group weight.
 */
import type { LoreEntry } from './entries';
import type { TimedEffects } from './timed';

export interface GroupContext {
  /** Every entry that went into the prompt in earlier steps. */
  alreadyIn: ReadonlySet<LoreEntry>;
  timed: TimedEffects;
  /** How many of its keys an entry matches (its score). */
  score: (entry: LoreEntry) => number;
  random: () => number;
}

function weightedDraw(group: LoreEntry[], random: () => number): LoreEntry | undefined {
  const total = group.reduce((sum, entry) => sum + entry.groupWeight, 0);
  const roll = random() * total;
  let running = 0;
  for (const entry of group) {
    running += entry.groupWeight;
    if (roll <= running) return entry;
  }
  return undefined;
}

/** `entries` with each group's losers removed (in place order kept). */
export function settleGroups(entries: LoreEntry[], context: GroupContext): LoreEntry[] {
  const groups = new Map<string, LoreEntry[]>();
  for (const entry of entries) for (const name of entry.groups) groups.set(name, [...(groups.get(name) ?? []), entry]);
  if (groups.size === 0) return entries;
  const out = new Set(entries);
  const removeAllBut = (group: LoreEntry[], winner: LoreEntry | null) => {
    for (const entry of group) if (entry !== winner) out.delete(entry);
  };
  for (const [name, members] of groups) {
    let group = members.filter((entry) => out.has(entry));
    const sticky = group.filter((entry) => context.timed.isActive('sticky', entry));
    if (sticky.length > 0) {
      removeAllBut(
        group.filter((entry) => !sticky.includes(entry)),
        null,
      );
      continue;
    }
    if (group.some((entry) => entry.groupScoring)) {
      const scores = group.map(context.score);
      const best = Math.max(...scores);
      const losers = group.filter((entry, i) => entry.groupScoring && scores[i]! < best);
      removeAllBut(losers, null);
      group = group.filter((entry) => !losers.includes(entry));
    }
    if ([...context.alreadyIn].some((entry) => entry.groupName === name)) {
      removeAllBut(group, null);
      continue;
    }
    if (group.length <= 1) continue;
    const overriding = group.filter((entry) => entry.groupOverride).sort((a, b) => b.order - a.order);
    const winner = overriding[0] ?? weightedDraw(group, context.random);
    if (winner) removeAllBut(group, winner);
  }
  return entries.filter((entry) => out.has(entry));
}
