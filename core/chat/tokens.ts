/**
 * A cheap, deterministic token estimate: the same everywhere (server, browser, tests), with no
 * tokenizer tables to ship, whatever model the deployment talks to.
 *
 * It errs high on purpose. Overfilling the context makes the upstream call fail; underfilling only
 * leaves out a little old history. English runs about 4 characters a token with GPT-style
 * tokenizers, so ASCII counts 1 per 3.5 characters; non-ASCII text (CJK, emoji, accented words)
 * often takes a token or more per character, so each non-ASCII UTF-16 unit counts as one.
 */
const ASCII_CHARS_PER_TOKEN = 3.5;

/** Role markers and separators each chat message costs (OpenAI documents 3–4 per message). */
export const MESSAGE_OVERHEAD_TOKENS = 4;

/** Runs of non-ASCII UTF-16 units (each counts as a token). */
const NON_ASCII = /[\u0080-\uffff]+/g;

export function estimateTokens(text: string): number {
  // A native search, not a loop over characters: prompts estimate tens of thousands of them.
  let other = 0;
  NON_ASCII.lastIndex = 0;
  for (let run = NON_ASCII.exec(text); run !== null; run = NON_ASCII.exec(text)) other += run[0].length;
  return Math.ceil((text.length - other) / ASCII_CHARS_PER_TOKEN) + other;
}

/** A message's estimate: its text plus the per-message overhead. */
export function estimateMessageTokens(message: { content: string }): number {
  return estimateTokens(message.content) + MESSAGE_OVERHEAD_TOKENS;
}

/**
 * The text cut so that it and `marker` (after a space) cost at most `tokens`; the text itself when it
 * already fits, '' when not even the marker does. Never splits a surrogate pair; reads only as much
 * of a huge text as it keeps.
 */
export function truncateToTokens(text: string, tokens: number, marker: string): string {
  const room = tokens - estimateTokens(` ${marker}`);
  let ascii = 0;
  let other = 0;
  let end = 0;
  let fitsAt = -1;
  for (; end < text.length; end++) {
    if (text.charCodeAt(end) < 0x80) ascii++;
    else other++;
    const cost = Math.ceil(ascii / ASCII_CHARS_PER_TOKEN) + other;
    if (cost > tokens) break;
    if (cost <= room) fitsAt = end + 1;
  }
  if (end === text.length) return text;
  if (fitsAt <= 0) return '';
  const cut = /[\uD800-\uDBFF]/.test(text.charAt(fitsAt - 1)) ? fitsAt - 1 : fitsAt;
  return `${text.slice(0, cut).trimEnd()} ${marker}`;
}
