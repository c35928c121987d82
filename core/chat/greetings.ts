/**
 * A card's greetings, numbered as the API's `greeting_index` counts them: 0 = first_mes,
 * n = alternate_greetings[n − 1]. Empty (or blank) greetings are skipped but keep their number,
 * so an index picked from this list always means the same greeting to the server.
 * group_only_greetings are for group chats, which cardchat does not have, so they are not offered.
 * The texts are returned as the card has them; fill {{char}}/{{user}} with core/card's
 * fillPlaceholders when the greeting is stored or shown.
 */
import type { Card } from '../card/index';

export interface CardGreeting {
  index: number;
  text: string;
}

function greetingTexts(card: Pick<Card, 'data'>): unknown[] {
  const { first_mes, alternate_greetings } = card.data;
  return [first_mes, ...(Array.isArray(alternate_greetings) ? alternate_greetings : [])];
}

function usable(text: unknown): text is string {
  return typeof text === 'string' && text.trim() !== '';
}

/** Every non-blank greeting with its greeting_index, first_mes first. */
export function cardGreetings(card: Pick<Card, 'data'>): CardGreeting[] {
  const greetings: CardGreeting[] = [];
  greetingTexts(card).forEach((text, index) => {
    if (usable(text)) greetings.push({ index, text });
  });
  return greetings;
}

/** The greeting a greeting_index names; undefined when it is out of range, not an integer, or blank. */
export function greetingAt(card: Pick<Card, 'data'>, index: number): string | undefined {
  if (!Number.isInteger(index) || index < 0) return undefined;
  const text = greetingTexts(card)[index];
  return usable(text) ? text : undefined;
}
