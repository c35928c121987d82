/**
 * The card fields every list shows as they are (the name, its creator and its tags: the gallery's
 * tiles, collections, favorites, the recent chats, download file names) are checked where a card is
 * written: an upload of any format, the character editor, a card an import carries. A card past a
 * bound is refused with the bound named, never cut: the person decides what to drop.
 */
import { CardError } from './errors';
import { CARD_FIELD_LIMITS } from './limits';
import type { CardData } from './types';

/** Longer than `max` code points (the cheap UTF-16 length settles almost every text). */
const longerThan = (text: string, max: number) => text.length > max && Array.from(text).length > max;

/** The first listed field past its bound, as the CardError that names it; undefined when all fit. */
export function listedFieldProblem(data: Pick<CardData, 'name' | 'creator' | 'tags'>): CardError | undefined {
  if (longerThan(data.name, CARD_FIELD_LIMITS.name)) return new CardError('name_too_long');
  if (longerThan(data.creator, CARD_FIELD_LIMITS.creator)) return new CardError('creator_too_long');
  if (data.tags.length > CARD_FIELD_LIMITS.tags) return new CardError('too_many_tags', String(data.tags.length));
  if (data.tags.some((tag) => longerThan(tag, CARD_FIELD_LIMITS.tag))) return new CardError('tag_too_long');
  return undefined;
}

/** Throws listedFieldProblem's error, if any. */
export function checkListedFields(data: Pick<CardData, 'name' | 'creator' | 'tags'>): void {
  const problem = listedFieldProblem(data);
  if (problem) throw problem;
}
