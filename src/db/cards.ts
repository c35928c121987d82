import type { PublicImage } from '@core/contract';
import { GALLERY_SORTS } from '@core/contract/constants';
import type { GalleryQuery } from '../api/images';
import { db, type CachedCard } from './db';

/** The text offline search looks in: name, tags and creator, the fields the server's `q` matches. */
export function searchTextOf(image: PublicImage): string {
  const { name, tags, creator } = image.card_data.data;
  return [name || image.display_title, ...(tags ?? []), creator ?? ''].join('\n').toLowerCase();
}

/** Which gallery list a query is: its sort, search, tags and whether NSFW cards are in it. */
export function listKey({ q, sort = GALLERY_SORTS[0], tags = [], nsfw = false, creator }: GalleryQuery): string {
  return JSON.stringify(creator ? ['creator', creator, nsfw] : [sort, (q ?? '').trim().toLowerCase(), [...tags].sort(), nsfw]);
}

/**
 * What a gallery list shows: the cards in the order the server last gave them, at most `limit`; for
 * a list never pulled, the cached cards that match it, so a search gives an answer offline too.
 */
export async function galleryCards(query: GalleryQuery & { limit: number }): Promise<CachedCard[]> {
  // One read of the list and the cards, so a page saved in between cannot pass for a list never pulled.
  const listed = await db.transaction('r', db.galleryLists, db.cards, async () => {
    const list = await db.galleryLists.get(listKey(query));
    if (list) return (await db.cards.bulkGet(list.ids.slice(0, query.limit))).filter((card) => card !== undefined);
    // A device with no cards yet (a first visit) has nothing to search.
    return (await db.cards.count()) === 0 ? [] : undefined;
  });
  if (listed) return listed;
  // Loaded when first needed (a search first made offline): Home's first view does without it.
  return (await (await import('./cardSearch')).matchingCachedCards(query)).slice(0, query.limit);
}

/** Whether the list has more cards than `shown` on this device or on the server. */
export async function listHasMore(query: GalleryQuery, shown: number): Promise<boolean> {
  const list = await db.galleryLists.get(listKey(query));
  return list ? list.hasMore || list.ids.length > shown : false;
}

/**
 * Stores a page of a list: its cards (a favorite flag learned on this device survives, since lists
 * do not carry it), and their places in the list from `offset` on. The cards after the page stay in
 * the list as they were, so a phone that scrolled far yesterday still has them offline, until a pull
 * reaches them (or says the list ends: then the rest goes, and cards no list holds any more go too).
 */
export async function saveGalleryPage(
  key: string,
  images: PublicImage[],
  { offset, hasMore }: { offset: number; hasMore: boolean },
): Promise<void> {
  await db.transaction('rw', db.cards, db.galleryLists, async () => {
    const known = await db.cards.bulkGet(images.map((image) => image.file_id));
    await db.cards.bulkPut(images.map((image, i) => ({ ...image, searchText: searchTextOf(image), favorited: known[i]?.favorited })));
    const old = (await db.galleryLists.get(key))?.ids ?? [];
    const page = images.map((image) => image.file_id);
    const listed = new Set(page);
    const before = old.slice(0, offset).filter((id) => !listed.has(id));
    const after = hasMore ? old.slice(offset).filter((id) => !listed.has(id)) : [];
    const ids = [...before, ...page, ...after];
    await db.galleryLists.put({ key, ids, hasMore });
    if (hasMore) return;
    const kept = new Set<string>();
    await db.galleryLists.each((list) => list.ids.forEach((id) => kept.add(id)));
    await db.cards.bulkDelete(old.filter((id) => !kept.has(id)));
  });
}

/** Records a favorite toggle and moves the like count by what the server did (never below 0). */
export async function markFavorite(fileId: string, favorited: boolean, countChange: number): Promise<void> {
  await db.cards.update(fileId, (card) => {
    card.favorited = favorited;
    card.favorite_count = Math.max(0, card.favorite_count + countChange);
  });
}
