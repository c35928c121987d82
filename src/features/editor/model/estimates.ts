/**
 * Token estimates while writing, with the prompt builder's own estimate (core/chat/tokens.ts) over
 * the text as the prompt will carry it (its macros filled), so what the editor says a card costs is
 * what a chat will spend on it.
 */
import type { Card } from '@core/card/index';
import { buildPrompt } from '@core/chat/prompt/index';
import { estimateTokens } from '@core/chat/tokens';
import { TEXT_FIELDS, type TextField } from './draft';
import { macroFiller } from './macroPreview';

export interface ContextSize {
  /** LLM_CONTEXT_TOKENS */
  contextTokens: number;
  /** LLM_MAX_TOKENS: kept free for the reply. */
  replyTokens: number;
}

export interface CardEstimate {
  /** Each text field as the prompt would carry it. */
  fields: Record<TextField, number>;
  /** Each alternate greeting, in order. */
  greetings: number[];
  /** Each lorebook entry's content, in the editor's order. */
  lore: number[];
  /**
   * What the prompt of a chat's first reply spends on the card: the system message (main prompt,
   * description, personality, scenario, constant lore and lore the greeting's words call up), the
   * example dialogue, the post-history instructions and the greeting.
   */
  total: number;
  /** Room for the whole prompt: context minus the reply. */
  budget: number;
}

/** Enough that nothing of the card is left out: the total is the card's whole cost. */
const UNBOUNDED = Number.MAX_SAFE_INTEGER;

export function estimateCard(card: Card, userName: string, size: ContextSize): CardEstimate {
  const fill = macroFiller(card, userName);
  const tokens = (text: unknown) => (typeof text === 'string' ? estimateTokens(fill(text.trim())) : 0);
  const fields = Object.fromEntries(TEXT_FIELDS.map((field) => [field, tokens(card.data[field])])) as Record<TextField, number>;
  const book = card.data.character_book;
  const entries = Array.isArray(book?.entries) ? (book.entries as { content?: unknown }[]) : [];
  const greeting = fill(card.data.first_mes.trim());
  const prompt = buildPrompt({
    card,
    userName,
    history: greeting ? [{ role: 'assistant', content: greeting }] : [],
    contextTokens: UNBOUNDED,
    replyTokens: 0,
  });
  return {
    fields,
    greetings: card.data.alternate_greetings.map(tokens),
    lore: entries.map((entry) => tokens(entry.content)),
    total: prompt.estimatedTokens,
    budget: Math.max(0, size.contextTokens - size.replyTokens),
  };
}
