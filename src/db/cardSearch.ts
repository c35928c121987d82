import { galleryTags, matchesWords, queryWords } from '@core/tags';
import type { GalleryQuery } from '../api/images';
import { db, type CachedCard } from './db';

/** The order a list never pulled is shown in offline, from what each cached card says. */
const LOCAL_ORDER: Record<string, (card: CachedCard) => number | string> = {
  liked: (card) => card.favorite_count,
  chatted: (card) => card.chat_count ?? 0,
};

/**
 * A list never pulled (a search first made offline): the cached cards that match it, as the server
 * would match them (words, tags, rating), in the sort's order as far as the cards say (Trending has
 * no local score: newest first).
 */
export async function matchingCachedCards(query: GalleryQuery): Promise<CachedCard[]> {
  const words = queryWords(query.q);
  const tags = query.tags ?? [];
  const cards = await db.cards
    .filter(
      (card) =>
        (query.nsfw || card.content_rating !== 'nsfw') &&
        (!query.creator || card.creator_handle === query.creator) &&
        matchesWords(card.searchText, words) &&
        tags.every((tag) => galleryTags(card.card_data.data.tags ?? []).includes(tag)),
    )
    .toArray();
  const key = LOCAL_ORDER[query.sort ?? ''];
  return cards.sort((a, b) => (key ? Number(key(b)) - Number(key(a)) : 0) || b.upload_time.localeCompare(a.upload_time));
}
