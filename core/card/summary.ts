/**
 * What lists say about a card: its name, creator, tags and the start of its text, each bounded,
 * so a page of the gallery (or a collection, or favorites) costs the same whatever the cards hold.
 * The whole card is one request away (GET /api/upload/card/{id}, /api/characters/{id}).
 */
import { CARD_FIELD_LIMITS } from './limits';
import type { Card } from './types';

/**
 * Longest name cardchat says or repeats: a character's (in lists, and for {{char}}, which a card may
 * hold thousands of times) and a user's (for {{user}}). No real name comes near it; a card written
 * since names were bounded never passes it (fieldLimits.ts).
 */
export const MAX_NAME_CHARS = CARD_FIELD_LIMITS.name;

/** Longest of each field a list carries, in characters (code points); longer text ends with '…'. */
export const SUMMARY_LIMITS = Object.freeze({
  name: MAX_NAME_CHARS,
  /** Shown whole, as the card's own bound lets it be. */
  creator: CARD_FIELD_LIMITS.creator,
  /** Home's cards and Favorites show a few lines of it. */
  description: 500,
  personality: 300,
  scenario: 500,
  /** Enough for most greetings whole: a card click shows it until the whole card arrives. */
  first_mes: 1000,
  tags: 30,
  tag: CARD_FIELD_LIMITS.tag,
});

export const TRUNCATION_MARK = '…';

export interface CardSummaryData {
  name: string;
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  creator: string;
  tags: string[];
}

/**
 * The text cut to at most `max` code points (never half a surrogate pair), the last one being '…'
 * when anything was cut. Cheap on a huge text: only its start is looked at.
 */
export function boundedText(text: string, max: number): string {
  // A code point is at most 2 UTF-16 units, so the first 2·max units hold the first max code points.
  if (text.length <= max) return text;
  const points = Array.from(text.slice(0, 2 * max + 2));
  if (points.length <= max) return points.join('');
  return points.slice(0, max - 1).join('') + TRUNCATION_MARK;
}

export function summarizeCard(card: Pick<Card, 'data'>, name = card.data.name): CardSummaryData {
  const { data } = card;
  return {
    name: boundedText(name, SUMMARY_LIMITS.name),
    description: boundedText(data.description, SUMMARY_LIMITS.description),
    personality: boundedText(data.personality, SUMMARY_LIMITS.personality),
    scenario: boundedText(data.scenario, SUMMARY_LIMITS.scenario),
    first_mes: boundedText(data.first_mes, SUMMARY_LIMITS.first_mes),
    creator: boundedText(data.creator, SUMMARY_LIMITS.creator),
    tags: data.tags.slice(0, SUMMARY_LIMITS.tags).map((tag) => boundedText(tag, SUMMARY_LIMITS.tag)),
  };
}
