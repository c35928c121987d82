import type { PublicImage } from '@core/contract';
import { db, type CachedCard } from './db';

/** The text offline search looks in: name, tags and creator, the fields the server's `q` matches. */
export function searchTextOf(image: PublicImage): string {
  const { name, tags, creator } = image.card_data.data;
  return [name || image.display_title, ...(tags ?? []), creator ?? ''].join('\n').toLowerCase();
}

/**
 * Newest first, at most `limit`, optionally only those whose name, a tag or the creator contains `q`
 * (case-insensitive), so a search gives the same answer offline as the server gives online.
 */
export function galleryCards({ q, limit }: { q?: string; limit: number }): Promise<CachedCard[]> {
  const needle = q?.trim().toLowerCase();
  let cards = db.cards.orderBy('upload_time').reverse();
  if (needle) cards = cards.filter((card) => card.searchText.includes(needle));
  return cards.limit(limit).toArray();
}

/**
 * Stores a page from the server. A favorite flag learned on this device survives, since the list
 * does not carry it. With `window` (an unfiltered first page), cached cards the server no longer
 * lists within that window are removed; see pullGallery for why only there.
 */
export async function saveGalleryPage(images: PublicImage[], window?: { complete: boolean }): Promise<void> {
  await db.transaction('rw', db.cards, async () => {
    const known = await db.cards.bulkGet(images.map((image) => image.file_id));
    await db.cards.bulkPut(images.map((image, i) => ({ ...image, searchText: searchTextOf(image), favorited: known[i]?.favorited })));
    if (!window) return;
    const listed = new Set(images.map((image) => image.file_id));
    // Everything at least as new as the oldest card on the page was in the window; when the page
    // held all the server's cards, the window is the whole gallery.
    const oldest = images.at(-1)?.upload_time ?? '';
    const inWindow = window.complete ? db.cards.toCollection() : db.cards.where('upload_time').aboveOrEqual(oldest);
    const gone = (await inWindow.primaryKeys()).filter((id) => !listed.has(id));
    await db.cards.bulkDelete(gone);
  });
}

/** Records a favorite toggle and moves the like count by what the server did (never below 0). */
export async function markFavorite(fileId: string, favorited: boolean, countChange: number): Promise<void> {
  await db.cards.update(fileId, (card) => {
    card.favorited = favorited;
    card.favorite_count = Math.max(0, card.favorite_count + countChange);
  });
}
