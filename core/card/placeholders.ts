/**
 * Prompt placeholders: {{char}} and {{user}} (any case), and the legacy TavernAI <BOT> and <USER>.
 */
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

/** The name {{char}} stands for: the V3 nickname when the card has one, else the name. */
export function characterDisplayName(card: Pick<Card, 'data'>): string {
  const { nickname, name } = card.data;
  return typeof nickname === 'string' && nickname.trim() !== '' ? nickname : name;
}
