/** Cutting texts to a token budget, and what messages cost. */
import { estimateMessageTokens, estimateTokens, truncateToTokens } from '../tokens';
import type { PromptMessage } from './types';

/** Ends a card field or a message cut to fit the budget. */
export const TRUNCATION_MARKER = '[…]';

export function total(messages: readonly { content: string }[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
}

export const cost = (message: PromptMessage) => estimateMessageTokens(message);

/**
 * The texts cut to fit `budget` tokens together: the longest are cut first, all to the same length
 * (the largest that fits), each ending with the marker; shorter ones stay whole.
 */
export function fitTexts(texts: readonly string[], budget: number): string[] {
  const costs = texts.map(estimateTokens);
  let left = Math.max(0, budget);
  if (costs.reduce((sum, c) => sum + c, 0) <= left) return [...texts];
  const ascending = [...costs].sort((a, b) => a - b);
  let cap = 0;
  for (const [i, c] of ascending.entries()) {
    const remaining = ascending.length - i;
    if (c * remaining > left) {
      cap = Math.floor(left / remaining);
      break;
    }
    left -= c;
  }
  return texts.map((text, i) => (costs[i]! > cap ? truncateToTokens(text, cap, TRUNCATION_MARKER) : text));
}
