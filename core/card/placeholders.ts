/**
 * Prompt placeholders: {{char}} and {{user}} (any case), and the legacy TavernAI <BOT> and <USER>.
 */
import { boundedText, MAX_NAME_CHARS } from './summary';
import type { Card } from './types';

const PLACEHOLDER = /\{\{(char|user)\}\}|<(bot|user)>/gi;

/**
 * One pass with a replacer function: a name containing "{{user}}" or "$&" is inserted literally,
 * never expanded again.
 */
export function fillPlaceholders(text: string, names: { char: string; user: string }): string {
  return text.replace(PLACEHOLDER, (_match, curly: string | undefined, angle: string | undefined) =>
    (curly ?? angle ?? '').toLowerCase() === 'user' ? names.user : names.char,
  );
}

/**
 * The name {{char}} stands for: the V3 nickname when the card has one, else the name; bounded, so
 * filling a card's text can never multiply it by a name of megabytes.
 */
export function characterDisplayName(card: Pick<Card, 'data'>): string {
  const { nickname, name } = card.data;
  return boundedText(typeof nickname === 'string' && nickname.trim() !== '' ? nickname : name, MAX_NAME_CHARS);
}
