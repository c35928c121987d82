/**
 * A greeting with its macros filled, as it is stored when a chat starts and shown before it does.
 * SillyTavern fills a greeting once, when it is first shown, and keeps that text; here the app's
 * preview and the server's stored copy must read the same, so the greeting's dice are seeded by
 * the chat (as {{pick}} always is), not fresh: a new chat rolls anew, a reload shows the same.
 */
import type { Card } from '../card/index';
import { seededRandom } from './macros/seeded';
import { promptContext } from './prompt/context';

/** A greeting is a message: far longer than this is a card's mistake, and is cut. */
export const MAX_GREETING_CHARS = 100_000;

export interface GreetingOptions {
  userName: string;
  /** The chat's id: the seed of its greeting's {{random}}, {{roll}} and {{pick}}. */
  chatId: string;
  personaDescription?: string | undefined;
  now?: Date | undefined;
  /** The person's IANA time zone for {{time}} and the like. */
  timeZone?: string | undefined;
}

/** What the greeting's macros stand for in a chat that has no messages yet. */
export function greetingEnv(card: Pick<Card, 'data'>, options: GreetingOptions) {
  return promptContext(
    {
      card,
      userName: options.userName,
      personaDescription: options.personaDescription,
      history: [],
      contextTokens: MAX_GREETING_CHARS,
      replyTokens: 0,
      chatId: options.chatId,
      now: options.now,
      timeZone: options.timeZone,
    },
    MAX_GREETING_CHARS,
    () => seededRandom(`${options.chatId}:greeting`),
  );
}

export function fillGreeting(card: Pick<Card, 'data'>, text: string, options: GreetingOptions): string {
  return greetingEnv(card, options).fill(text);
}
