/**
 * The history's share of the prompt: its messages with the inserted ones at their depths, taken
 * newest to oldest while they fit (as SillyTavern fills it, stopping at the first that does not),
 * the newest message always; what is kept is an unbroken run up to the newest.
 */
import { cost } from './fit';
import type { Injection, PartDraft } from './inject';
import type { PromptMessage } from './types';

/** An inserted message, or a history message (its text filled only when the budget reaches it). */
type Item = { message: () => PromptMessage; parts: PartDraft[]; history?: number };

export interface KeptHistory {
  /** In chat order, each message with its parts. */
  items: { message: PromptMessage; parts: PartDraft[] }[];
  /** What they cost beyond the newest message (counted by the caller). */
  tokens: number;
  /** History messages left out, the oldest. */
  dropped: number;
  /** The parts of inserted messages that fell outside the kept run. */
  leftOut: PartDraft[];
}

/** Consecutive history messages share one part naming their range. */
function withRuns(items: Item[]): KeptHistory['items'] {
  const out: KeptHistory['items'] = [];
  let run: { part: PartDraft; range: { from: number; to: number } } | undefined;
  for (const item of items) {
    const message = item.message();
    if (item.history === undefined) {
      run = undefined;
      out.push({ message, parts: item.parts });
    } else if (run !== undefined && run.range.to === item.history) {
      run.range.to = item.history + 1;
      run.part.tokens += cost(message);
      out.push({ message, parts: [] });
    } else {
      const range = { from: item.history, to: item.history + 1 };
      run = { part: { kind: 'history', tokens: cost(message), history: range }, range };
      out.push({ message, parts: [run.part] });
    }
  }
  return out;
}

export function keptHistory(
  length: number,
  newest: readonly PromptMessage[],
  inserted: readonly Injection[],
  filled: (index: number) => string,
  room: number,
  role: (index: number) => PromptMessage['role'],
): KeptHistory {
  const injection = (at: Injection): Item => ({ message: () => ({ role: at.role, content: at.content }), parts: at.parts });
  const byDepth = new Map<number, Injection[]>();
  for (const at of inserted) byDepth.set(Math.min(at.depth, length), [...(byDepth.get(Math.min(at.depth, length)) ?? []), at]);
  const chronological: Item[] = (byDepth.get(length) ?? []).map(injection);
  for (let i = 0; i < length; i++) {
    const message = i === length - 1 ? () => newest[0]! : () => ({ role: role(i), content: filled(i) });
    chronological.push({ message, parts: [], history: i });
    chronological.push(...(byDepth.get(length - 1 - i) ?? []).map(injection));
  }
  let tokens = 0;
  let first = chronological.length;
  for (let p = chronological.length - 1; p >= 0; p--) {
    const item = chronological[p]!;
    if (item.history === length - 1) continue;
    const itemCost = cost(item.message());
    if (tokens + itemCost > room) break;
    tokens += itemCost;
    first = p;
  }
  const keptItems = chronological.filter((item, p) => p >= first || item.history === length - 1);
  const outside = chronological.filter((item, p) => p < first && item.history !== length - 1);
  return {
    items: withRuns(keptItems),
    tokens,
    dropped: outside.filter((item) => item.history !== undefined).length,
    leftOut: outside.filter((item) => item.history === undefined).flatMap((item) => item.parts),
  };
}
