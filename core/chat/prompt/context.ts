/**
 * The macros' values for one prompt, as SillyTavern fills them: each card field is filled once
 * without the field macros (so a field never inserts itself), and those filled fields are what
 * `{{description}}`, `{{personality}}`… insert everywhere else. {{random}} and {{roll}} are fresh
 * in each prompt; a stored message's dice are seeded by the message, as if rolled once when it
 * was written; {{pick}} is seeded by the chat.
 */
import { characterDisplayName } from '../../card/placeholders';
import type { Card } from '../../card/types';
import { expandMacros, type FieldMacro, type MacroEnv } from '../macros/index';
import { seededRandom } from '../macros/seeded';
import type { BuildPromptInput, PromptHistoryMessage } from './types';

/** SillyTavern's default main prompt (its default Chat Completion preset). */
export const DEFAULT_SYSTEM_PROMPT = "Write {{char}}'s next reply in a fictional chat between {{char}} and {{user}}.";
/** {{user}} when the caller has no name for the user. */
export const DEFAULT_USER_NAME = 'User';

export interface PromptContext {
  names: { char: string; user: string };
  /** The card's fields and the persona, filled: what the field macros insert. */
  fields: Record<FieldMacro, string>;
  /** Fills every macro (capped to what a prompt could hold); `original` for a system prompt that keeps cardchat's. */
  fill: (text: string, original?: string) => string;
  /** A stored message filled, its dice seeded by the message. */
  fillMessage: (message: PromptHistoryMessage, index: number) => string;
}

export function clean(value: unknown): string {
  if (typeof value !== 'string') return '';
  return (value.includes('\r') ? value.replace(/\r\n?/g, '\n') : value).trim();
}

function lastOf(history: readonly PromptHistoryMessage[], role?: 'user' | 'assistant'): string {
  for (let i = history.length - 1; i >= 0; i--) if (!role || history[i]!.role === role) return history[i]!.content;
  return '';
}

/** When the person wrote before the newest message ({{idle_duration}}), as SillyTavern finds it. */
function idleSince(history: readonly PromptHistoryMessage[]): Date | null {
  let skippedNewest = false;
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i]!;
    if (message.role === 'system') continue;
    if (message.role === 'user' && skippedNewest) {
      const date = message.sendDate ? new Date(message.sendDate) : null;
      return date && !Number.isNaN(date.getTime()) ? date : null;
    }
    skippedNewest = true;
  }
  return null;
}

/**
 * `freshRandom`, when given, makes the dice of each filling start over (a greeting or a preview
 * reads the same however often it is filled); else they run on through the prompt.
 */
export function promptContext(input: BuildPromptInput, maxChars: number, freshRandom?: () => () => number): PromptContext {
  const { card } = input;
  const names = { char: characterDisplayName(card), user: clean(input.userName) || DEFAULT_USER_NAME };
  const chat =
    input.continuation === undefined ? input.history : [...input.history, { role: 'assistant' as const, content: input.continuation }];
  const base: MacroEnv = {
    ...names,
    lastMessage: lastOf(chat),
    lastUserMessage: lastOf(chat, 'user'),
    lastCharMessage: lastOf(chat, 'assistant'),
    idleSince: idleSince(input.history),
    now: input.now ?? new Date(),
    timeZone: input.timeZone,
    random: input.random ?? Math.random,
    pickSeed: input.chatId ?? '',
    maxPrompt: Math.max(0, input.contextTokens - input.replyTokens),
  };
  const dice = (env: MacroEnv): MacroEnv => (freshRandom ? { ...env, random: freshRandom() } : env);
  // The raw text is cut to what could possibly be kept before it is filled, so a card of megabytes
  // never costs a filling of megabytes.
  const baseFill = (text: unknown) => clean(expandMacros(clean(text).slice(0, maxChars), dice(base), { maxLength: maxChars }));
  const data: Card['data'] = card.data;
  const fields: Record<FieldMacro, string> = {
    description: baseFill(data.description),
    personality: baseFill(data.personality),
    scenario: baseFill(data.scenario),
    persona: baseFill(input.personaDescription),
    mesExamples: baseFill(data.mes_example),
    charPrompt: baseFill(data.system_prompt),
    charJailbreak: baseFill(data.post_history_instructions),
    charVersion: typeof data.character_version === 'string' ? data.character_version : '',
  };
  const full: MacroEnv = { ...base, fields };
  const fill = (text: string, original?: string) =>
    clean(expandMacros(text.slice(0, maxChars), dice(original === undefined ? full : { ...full, original }), { maxLength: maxChars }));
  // One env for every message, its dice swapped in for each (a filling is synchronous).
  const messageEnv: MacroEnv = { ...full };
  const fillMessage = (message: PromptHistoryMessage, index: number) => {
    const text = clean(message.content);
    if (!text.includes('{{') && !text.includes('<')) return text;
    // Seeded only when a macro rolls: most messages roll nothing.
    let rolls: (() => number) | undefined;
    messageEnv.random = () => (rolls ??= seededRandom(`${input.chatId ?? ''}:${message.id ?? index}`))();
    return clean(expandMacros(text.slice(0, maxChars), messageEnv, { maxLength: maxChars }));
  };
  return { names, fields, fill, fillMessage };
}
