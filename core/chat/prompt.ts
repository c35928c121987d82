/**
 * The prompt sent to the model for one reply, built from the card, the stored chat and the new
 * message, laid out the way SillyTavern's chat-completion mode does so cards behave as their
 * authors tested them:
 *
 *   system    main prompt · lore (before_char) · description · personality · scenario · lore (after_char)
 *             · the user's persona (SillyTavern's default position: after the character's definitions)
 *   system    "[Example Chat]" + one mes_example block   (one message per <START> block)
 *   system    "[Start a new Chat]"                       (only when examples are sent)
 *   …         the stored history, oldest first, the new user message last
 *   system    post_history_instructions
 *   assistant the reply so far, when asked to continue it (SillyTavern's continue: the model goes on
 *             from the end of its own words; no new user turn)
 *
 * Examples are system messages rather than user/assistant pairs: the model then cannot mistake them
 * for things actually said in this chat, no `name` field is needed (many OpenAI-compatible servers
 * drop it), and each block is one message, so trimming drops whole blocks.
 *
 * creator_notes (and creator_notes_multilingual) are notes for humans and never read here.
 */
import { characterDisplayName, fillPlaceholders, type Card } from '../card/index';
import type { ChatRole } from '../contract';
import { activeLore, type LoreEntry, type LorePosition } from './lorebook';
import { estimateMessageTokens, MESSAGE_OVERHEAD_TOKENS, estimateTokens, truncateToTokens } from './tokens';

export { estimateTokens, estimateMessageTokens, MESSAGE_OVERHEAD_TOKENS } from './tokens';

export interface PromptMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Used when the card has no system_prompt, and where its system_prompt says {{original}}. */
export const DEFAULT_SYSTEM_PROMPT =
  "Write {{char}}'s next reply in a fictional chat between {{char}} and {{user}}. Stay in character, write only {{char}}'s reply, and never speak or act for {{user}}.";

export const EXAMPLE_CHAT_HEADER = '[Example Chat]';
export const NEW_CHAT_MARKER = '[Start a new Chat]';
/** The lorebook may take at most this share of the prompt budget (SillyTavern's default is 25%). */
export const LORE_BUDGET_SHARE = 0.25;
/**
 * The card's own text (system prompt, lore, description, personality, scenario, post-history
 * instructions) may take at most this share, so the conversation always has room; real cards use a
 * fraction of it.
 */
export const CARD_BUDGET_SHARE = 0.75;
/** Ends a card field or a message cut to fit the budget. */
export const TRUNCATION_MARKER = '[…]';
/** {{user}} when the caller has no name for the user. */
export const DEFAULT_USER_NAME = 'User';

/**
 * The user's persona description in the system prompt, between these lines (`name` is the
 * persona's), so the model can tell where the character's definitions end and what describes the
 * person it talks to begins and ends.
 */
export const personaHeader = (name: string) => `[${name}'s persona]`;
export const personaFooter = (name: string) => `[End of ${name}'s persona]`;

export interface BuildPromptInput {
  card: Card;
  /** What {{user}} stands for: the chat's persona's name, else the profile name. */
  userName: string;
  /** The chat's persona's description ({{char}}/{{user}} filled); none or blank adds nothing. */
  personaDescription?: string;
  /** Stored messages oldest first, the new user message last. */
  history: readonly { role: ChatRole; content: string }[];
  /** The model's context window (LLM_CONTEXT_TOKENS). */
  contextTokens: number;
  /** Tokens kept free for the reply (LLM_MAX_TOKENS). */
  replyTokens: number;
  /** Continue: the reply to go on from, sent last as the character's own unfinished turn. */
  continuation?: string | undefined;
}

export interface BuiltPrompt {
  messages: PromptMessage[];
  estimatedTokens: number;
  /** History messages left out, oldest first. */
  droppedHistory: number;
  /** Example blocks left out, last first. */
  droppedExamples: number;
}

const ORIGINAL = /\{\{original\}\}/gi;

function clean(value: unknown): string {
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : '';
}

/** mes_example's blocks: the text between `<START>` markers (any case), empty ones skipped. */
export function exampleBlocks(mesExample: unknown): string[] {
  return clean(mesExample)
    .split(/<START>/i)
    .map(clean)
    .filter((block) => block !== '');
}

function total(messages: readonly PromptMessage[]): number {
  return messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0);
}

type Names = { char: string; user: string };

/**
 * Fills {{char}}/{{user}} in a card's text. The raw text is first cut to what could possibly be
 * kept (a placeholder is 6 to 8 characters, a token at most ~4), so a card of megabytes never costs
 * a fill of megabytes times the name's length.
 */
const fillWith =
  (names: Names, rawChars: number) =>
  (text: unknown): string =>
    clean(fillPlaceholders(clean(text).slice(0, rawChars), names));

/** The persona's description between its delimiting lines; '' when it has none. */
function personaSection(description: unknown, names: Names, fill: (text: unknown) => string): string {
  const text = fill(description);
  return text && `${personaHeader(names.user)}\n${text}\n${personaFooter(names.user)}`;
}

/** The first system message's sections: main prompt, lore before the character, card fields, lore after, the persona. */
function systemSections(
  card: Card,
  names: Names,
  lore: readonly LoreEntry[],
  fill: (text: unknown) => string,
  personaDescription: unknown,
): string[] {
  const { data } = card;
  const loreAt = (position: LorePosition) => lore.filter((entry) => entry.position === position).map((entry) => fill(entry.content));
  const personality = fill(data.personality);
  const scenario = fill(data.scenario);
  return [
    fill((clean(data.system_prompt) || '{{original}}').replace(ORIGINAL, () => DEFAULT_SYSTEM_PROMPT)),
    ...loreAt('before_char'),
    fill(data.description),
    personality && `${names.char}'s personality: ${personality}`,
    scenario && `Scenario: ${scenario}`,
    ...loreAt('after_char'),
    personaSection(personaDescription, names, fill),
  ].filter((section) => section !== '');
}

/**
 * The texts cut to fit `budget` tokens together: the longest are cut first, all to the same length
 * (the largest that fits), each ending with the marker; shorter ones stay whole.
 */
function fitTexts(texts: readonly string[], budget: number): string[] {
  const costs = texts.map(estimateTokens);
  let left = Math.max(0, budget);
  if (costs.reduce((sum, cost) => sum + cost, 0) <= left) return [...texts];
  const ascending = [...costs].sort((a, b) => a - b);
  let cap = 0;
  for (const [i, cost] of ascending.entries()) {
    const remaining = ascending.length - i;
    if (cost * remaining > left) {
      cap = Math.floor(left / remaining);
      break;
    }
    left -= cost;
  }
  return texts.map((text, i) => (costs[i]! > cap ? truncateToTokens(text, cap, TRUNCATION_MARKER) : text));
}

/**
 * Fits the prompt into contextTokens − replyTokens. The newest message always goes in (cut with a
 * marker only when it alone would take over half the budget), and so does a reply being continued. The card's own text always goes in
 * too, within CARD_BUDGET_SHARE of the budget and what the newest message leaves: when it is longer,
 * its longest fields are cut first, each ending with a marker, so a card of megabytes still makes a
 * prompt of the configured size. Then example blocks in card order while they fit (so the last ones
 * are dropped first: authors put their most telling example first); then history, newest to oldest,
 * while it fits (so the oldest is dropped first, and what is kept is an unbroken run up to the newest).
 */
export function buildPrompt(input: BuildPromptInput): BuiltPrompt {
  const { card, history } = input;
  const data = card.data;
  const names = { char: characterDisplayName(card), user: clean(input.userName) || DEFAULT_USER_NAME };
  const budget = input.contextTokens - input.replyTokens;
  const room = Number.isNaN(budget) ? 0 : Math.max(0, budget);
  const fill = fillWith(names, 8 * 4 * room + 64);

  const continuation = input.continuation === undefined ? [] : [input.continuation];
  const lore = activeLore(data.character_book, [...history.map((message) => message.content), ...continuation], {
    tokenBudget: Math.floor(room * LORE_BUDGET_SHARE),
  });
  const chat: PromptMessage[] = history.map((message) => ({
    role: message.role,
    content: fillPlaceholders(clean(message.content), names),
  }));
  const newest = chat
    .slice(-1)
    .map((message) => ({ ...message, content: truncateToTokens(message.content, Math.floor(room / 2), TRUNCATION_MARKER) }));
  const older = chat.slice(0, -1);
  const continued: PromptMessage[] = continuation.map((text) => ({ role: 'assistant', content: fillPlaceholders(clean(text), names) }));

  const sections = systemSections(card, names, lore, fill, input.personaDescription);
  const post = fill(clean(data.post_history_instructions).replace(ORIGINAL, () => ''));
  // Each section costs its text, plus a blank line between sections and each message's overhead.
  const cardRoom =
    Math.min(Math.floor(room * CARD_BUDGET_SHARE), room - total(newest) - total(continued)) - sections.length - 2 * MESSAGE_OVERHEAD_TOKENS;
  const fitted = fitTexts([...sections, post], cardRoom);
  const fittedPost = fitted.pop()!;
  const head: PromptMessage[] = [{ role: 'system', content: fitted.filter((section) => section !== '').join('\n\n') }];
  const tail: PromptMessage[] = [...(fittedPost ? [{ role: 'system' as const, content: fittedPost }] : []), ...continued];
  let used = total(head) + total(newest) + total(tail);

  const examples: PromptMessage[] = [];
  const markerCost = estimateTokens(NEW_CHAT_MARKER) + MESSAGE_OVERHEAD_TOKENS;
  const blocks = exampleBlocks(data.mes_example);
  for (const block of blocks) {
    const example: PromptMessage = { role: 'system', content: `${EXAMPLE_CHAT_HEADER}\n${fill(block)}` };
    const cost = estimateMessageTokens(example) + (examples.length === 0 ? markerCost : 0);
    if (used + cost > room) break;
    used += cost;
    examples.push(example);
  }
  if (examples.length > 0) examples.push({ role: 'system', content: NEW_CHAT_MARKER });

  let first = older.length;
  while (first > 0) {
    const cost = estimateMessageTokens(older[first - 1]!);
    if (used + cost > room) break;
    used += cost;
    first--;
  }

  const messages = [...head, ...examples, ...older.slice(first), ...newest, ...tail];
  return {
    messages,
    estimatedTokens: used,
    droppedHistory: first,
    droppedExamples: blocks.length - Math.max(0, examples.length - 1),
  };
}
