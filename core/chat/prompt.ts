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
import { estimateMessageTokens, MESSAGE_OVERHEAD_TOKENS, estimateTokens } from './tokens';

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

const fillWith = (names: Names) => (text: unknown): string => clean(fillPlaceholders(clean(text), names));

/** The persona's description between its delimiting lines; '' when it has none. */
function personaSection(description: unknown, names: Names): string {
  const text = fillWith(names)(description);
  return text && `${personaHeader(names.user)}\n${text}\n${personaFooter(names.user)}`;
}

/** The first system message: main prompt, lore before the character, card fields, lore after, the persona. */
function systemText(card: Card, names: Names, lore: readonly LoreEntry[], personaDescription: unknown): string {
  const { data } = card;
  const fill = fillWith(names);
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
    personaSection(personaDescription, names),
  ]
    .filter((section) => section !== '')
    .join('\n\n');
}

/**
 * Fits the prompt into contextTokens − replyTokens. The main system message, the post-history
 * instructions and the newest message always go in (so the result is over budget only when those
 * alone are); then example blocks in card order while they fit (so the last ones are dropped
 * first: authors put their most telling example first); then history, newest to oldest, while it
 * fits (so the oldest is dropped first, and what is kept is an unbroken run up to the newest).
 */
export function buildPrompt(input: BuildPromptInput): BuiltPrompt {
  const { card, history } = input;
  const data = card.data;
  const names = { char: characterDisplayName(card), user: clean(input.userName) || DEFAULT_USER_NAME };
  const fill = fillWith(names);
  const budget = input.contextTokens - input.replyTokens;
  const room = Number.isNaN(budget) ? 0 : Math.max(0, budget);

  const lore = activeLore(
    data.character_book,
    history.map((message) => message.content),
    { tokenBudget: Math.floor(room * LORE_BUDGET_SHARE) },
  );
  const post = fill(clean(data.post_history_instructions).replace(ORIGINAL, () => ''));

  const head: PromptMessage[] = [{ role: 'system', content: systemText(card, names, lore, input.personaDescription) }];
  const tail: PromptMessage[] = post ? [{ role: 'system', content: post }] : [];
  const chat: PromptMessage[] = history.map((message) => ({ role: message.role, content: fillPlaceholders(clean(message.content), names) }));
  const newest = chat.slice(-1);
  const older = chat.slice(0, -1);
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
