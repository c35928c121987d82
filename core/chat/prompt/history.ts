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

/** The history and what is inserted in it, newest first, each history message's text filled only when reached. */
function* newestFirst(
  length: number,
  newest: readonly PromptMessage[],
  inserted: readonly Injection[],
  filled: (index: number) => string,
  role: (index: number) => PromptMessage['role'],
): Generator<Item> {
  const byDepth = new Map<number, Injection[]>();
  for (const at of inserted) {
    const depth = Math.min(at.depth, length);
    byDepth.set(depth, [...(byDepth.get(depth) ?? []), at]);
  }
  const injected = (depth: number) =>
    (byDepth.get(depth) ?? []).map((at): Item => ({ message: () => ({ role: at.role, content: at.content }), parts: at.parts })).reverse();
  for (let i = length - 1; i >= 0; i--) {
    yield* injected(length - 1 - i);
    yield { message: i === length - 1 ? () => newest[0]! : () => ({ role: role(i), content: filled(i) }), parts: [], history: i };
  }
  yield* injected(length);
}

export function keptHistory(
  length: number,
  newest: readonly PromptMessage[],
  inserted: readonly Injection[],
  filled: (index: number) => string,
  room: number,
  role: (index: number) => PromptMessage['role'],
): KeptHistory {
  const kept: Item[] = [];
  let tokens = 0;
  let full = false;
  let newestKept = length === 0;
  // Newest first: the newest message is always in (its cost is the caller's); the rest while they
  // fit, until the first that does not. Only what sits after the newest can come before it here.
  for (const item of newestFirst(length, newest, inserted, filled, role)) {
    if (item.history === length - 1) {
      kept.push(item);
      newestKept = true;
      if (full) break;
      continue;
    }
    if (full) continue;
    const itemCost = cost(item.message());
    if (tokens + itemCost > room) {
      full = true;
      if (newestKept) break;
      continue;
    }
    tokens += itemCost;
    kept.push(item);
  }
  // What is kept is a run up to the newest: older history and what was inserted among it are out.
  const keptParts = new Set(kept.flatMap((item) => item.parts));
  const keptMessages = kept.filter((item) => item.history !== undefined).length;
  return {
    items: withRuns(kept.reverse()),
    tokens,
    dropped: Math.max(0, length - Math.max(keptMessages, Math.min(1, length))),
    leftOut: inserted.flatMap((at) => at.parts).filter((part) => !keptParts.has(part)),
  };
}
