import { addFavorite, checkFavorite, GALLERY_PAGE_SIZE, listPublicImages, removeFavorite } from '../api/images';
import { ApiError } from '../api/errors';
import { markFavorite, saveGalleryPage } from '../db/cards';
import type { CachedCard } from '../db/db';

export interface GalleryPull {
  /** How many public cards the server has for this query. */
  total: number;
  /** How many cards this page brought. */
  count: number;
}

/**
 * Fetches one page of the public gallery and writes it to Dexie; the screens update from there.
 *
 * Cards that left the gallery (deleted, or made private) are removed only after a fresh unfiltered
 * first page, and only within the window that page covers: the cards at least as new as its oldest
 * one (or all of them when the page held the whole gallery). Those are exactly the cards the server
 * would have listed had it still had them. Older cached cards are kept until a pull covers them,
 * so a phone that saw page 3 yesterday still has it offline; a filtered page proves nothing about
 * cards that do not match, so it never removes anything.
 */
export async function pullGallery({ q, offset }: { q?: string; offset: number }): Promise<GalleryPull> {
  const page = await listPublicImages({ q, offset, limit: GALLERY_PAGE_SIZE });
  const firstUnfiltered = !q && offset === 0;
  await saveGalleryPage(page.data, firstUnfiltered ? { complete: page.data.length >= page.total } : undefined);
  return { total: page.total, count: page.data.length };
}

/**
 * Adds or removes the user's favorite, then moves the card's like count by what the server did.
 * The list does not say whether this user favorited a card, so the first toggle asks the server.
 * Failures are only logged (spec §8).
 */
export async function toggleFavorite(card: CachedCard): Promise<void> {
  try {
    const favorited = card.favorited ?? (await checkFavorite(card.file_id)).is_favorited;
    if (favorited) {
      try {
        await removeFavorite(card.file_id);
      } catch (error) {
        // Already removed elsewhere (another device, the Favorites page): nothing to undo here.
        if (error instanceof ApiError && error.status === 404) return await markFavorite(card.file_id, false, 0);
        throw error;
      }
      await markFavorite(card.file_id, false, -1);
    } else {
      const { data } = card.card_data;
      const added = await addFavorite({
        file_id: card.file_id,
        image_type: 'public',
        character_name: data.name,
        character_description: data.description,
        tags: data.tags,
      });
      await markFavorite(card.file_id, true, added.created ? 1 : 0);
    }
  } catch (error) {
    console.error('Favorite toggle failed', error);
  }
}
