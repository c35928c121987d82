/** The lorebook's share of one prompt: the chat scanned as SillyTavern scans it, and the entries laid out by position. */
import {
  readLorebook,
  readTimedWorldInfo,
  scanLore,
  MAX_SCAN_DEPTH,
  DEFAULT_SCAN_DEPTH,
  type FiredLore,
  type LorePosition,
  type TimedWorldInfo,
} from '../lore/index';
import type { PromptContext } from './context';
import type { BuildPromptInput } from './types';

/** The lorebook may take at most this share of the prompt budget (SillyTavern's default is 25%). */
export const LORE_BUDGET_SHARE = 0.25;

export interface PromptLore {
  /** Entries in the order they sit at their position: lower `order` first, as SillyTavern writes them. */
  placed: FiredLore[];
  at: (position: LorePosition) => FiredLore[];
  timed: TimedWorldInfo;
}

export function promptLore(input: BuildPromptInput, context: PromptContext, room: number, filled: (index: number) => string): PromptLore {
  const book = readLorebook(input.card.data.character_book);
  const { history, continuation } = input;
  const deepest = Math.min(
    MAX_SCAN_DEPTH,
    book.entries.reduce((max, entry) => Math.max(max, entry.scanDepth ?? 0), book.scanDepth ?? DEFAULT_SCAN_DEPTH),
  );
  // The scanned lines, newest first: the reply being continued, then the history.
  const lines: string[] =
    continuation === undefined
      ? []
      : [`${context.names.char}: ${context.fillMessage({ role: 'assistant', content: continuation }, history.length)}`];
  for (let i = history.length - 1; i >= 0 && lines.length < deepest; i--) {
    const message = history[i]!;
    const name = message.name ?? (message.role === 'user' ? context.names.user : message.role === 'assistant' ? context.names.char : '');
    lines.push((name ? `${name}: ${filled(i)}` : filled(i)).trim());
  }
  const scan =
    book.entries.length === 0
      ? { fired: [], timed: readTimedWorldInfo(input.timedWorldInfo) }
      : scanLore({
          book,
          messages: lines,
          budget: Math.min(Math.floor(room * LORE_BUDGET_SHARE), book.tokenBudget ?? Infinity),
          random: input.random ?? Math.random,
          fill: (text) => context.fill(text),
          timed: readTimedWorldInfo(input.timedWorldInfo),
          chatLength: input.chatLength ?? history.length + (continuation === undefined ? 0 : 1),
        });
  // SillyTavern sorts by order, highest first, then puts each at the front: lower orders end first,
  // and entries of equal order end in the reverse of the order they went in.
  const placed = scan.fired
    .map((fired, sequence) => ({ fired, sequence }))
    .sort((a, b) => a.fired.entry.order - b.fired.entry.order || b.sequence - a.sequence)
    .map(({ fired }) => fired);
  return { placed, at: (position) => placed.filter((fired) => fired.entry.position === position), timed: scan.timed };
}
