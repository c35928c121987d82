/** Running the lorebook scan on a book and a few messages, with exact dice. */
import { expandMacros, readLorebook, scanLore, type LoreScanResult, type TimedWorldInfo } from '@core/chat/index';

export const entry = (keys: unknown, content: string, more: Record<string, unknown> = {}) => ({
  keys,
  content,
  enabled: true,
  insertion_order: 100,
  ...more,
});
export const book = (...entries: unknown[]) => ({ entries });

/** A generator that returns the given values in turn (then the last one forever). */
export const values = (...list: number[]) => {
  let i = 0;
  return () => list[Math.min(i++, list.length - 1)]!;
};

export interface ScanOptions {
  random?: () => number;
  budget?: number;
  timed?: TimedWorldInfo;
  chatLength?: number;
}

/** The scan of `messages` (oldest first, as a chat reads; each already 'Name: text' where that matters). */
export function scan(lorebook: unknown, messages: readonly string[], options: ScanOptions = {}): LoreScanResult {
  return scanLore({
    book: readLorebook(lorebook),
    messages: [...messages].reverse(),
    budget: options.budget ?? Infinity,
    random: options.random ?? values(0),
    fill: (text) => expandMacros(text, { char: 'Mira', user: 'Ada', random: values(0) }),
    timed: options.timed ?? { sticky: {}, cooldown: {} },
    chatLength: options.chatLength ?? messages.length,
  });
}

/** The contents that went in, in the order they went in. */
export const fired = (lorebook: unknown, messages: readonly string[], options?: ScanOptions) =>
  scan(lorebook, messages, options).fired.map((f) => f.content);
