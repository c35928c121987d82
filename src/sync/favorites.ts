import type { Favorite } from '@core/contract';
import { checkFavorite, countFavorites, listFavorites, removeFavorite } from '../api/favorites';
import { deleteFavorite, favoritesCached, saveFavoriteFlag, saveFavoritesPage } from '../db/favorites';
import { recordFavorite } from './gallery';

export interface FavoritesPull {
  page: number;
  totalPages: number;
}

/** Fetches one page of the user's favorites and writes it to Dexie; the page reads it from there. */
export async function pullFavorites(page: number): Promise<FavoritesPull> {
  const list = await listFavorites(page);
  await saveFavoritesPage(list.data, { first: page === 1 });
  return { page: list.page, totalPages: list.total_pages };
}

/** The server's count of the user's public favorites. */
export async function pullFavoritesCount(): Promise<number> {
  return (await countFavorites()).count;
}

/**
 * Removes a favorite on the server, then on the device: from the list and, when the gallery has the
 * card cached, its favorited flag and like count. Throws when the server refused. Returns how many
 * favorites are left on the device.
 */
export async function removeFromFavorites(favorite: Favorite): Promise<number> {
  await removeFavorite(favorite.id);
  await deleteFavorite(favorite.id);
  await recordFavorite(favorite.file_id, false, -1);
  return favoritesCached();
}

/** Asks the server whether the user favorited the card and keeps the answer in Dexie. */
export async function pullFavoriteFlag(fileId: string): Promise<void> {
  await saveFavoriteFlag(fileId, (await checkFavorite(fileId)).is_favorited);
}
