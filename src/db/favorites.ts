import type { Favorite } from '@core/contract';
import { db } from './db';

/** The user's favorites as last pulled, newest first (as the server lists them). */
export function favoritesList(): Promise<Favorite[]> {
  return db.favorites.orderBy('created_at').reverse().toArray();
}

/**
 * Stores a page from the server. The first page starts the list afresh (favorites removed on another
 * device disappear); later pages are added to it, as 'Load More' appends.
 */
export async function saveFavoritesPage(favorites: Favorite[], { first }: { first: boolean }): Promise<void> {
  await db.transaction('rw', db.favorites, async () => {
    if (first) await db.favorites.clear();
    await db.favorites.bulkPut(favorites);
  });
}

export async function deleteFavorite(id: string): Promise<void> {
  await db.favorites.delete(id);
}

export function favoritesCached(): Promise<number> {
  return db.favorites.count();
}

/** Whether the user favorited the card, as the server last said; undefined when never asked. */
export async function favoriteFlag(fileId: string): Promise<boolean | undefined> {
  return (await db.favoriteFlags.get(fileId))?.favorited;
}

export async function saveFavoriteFlag(fileId: string, favorited: boolean): Promise<void> {
  await db.favoriteFlags.put({ file_id: fileId, favorited });
}
