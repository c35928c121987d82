import type { CharacterDetails, FavoritesCountResponse, FavoritesListResponse } from '../../core/contract';
import { PAGE_SIZES } from '../../core/contract/constants';
import { apiJson } from './client';

// Adding, removing and checking live with the gallery's calls; the Favorites page uses the same ones.
export { addFavorite, checkFavorite, removeFavorite } from './images';

/** The spec's favorites page size (§9). */
export const FAVORITES_PAGE_SIZE = PAGE_SIZES.favorites;

/** GET /api/favorites/list: one page of the user's public favorites, newest first. */
export const listFavorites = (page: number) =>
  apiJson<FavoritesListResponse>('favorites/list', {
    searchParams: { page, page_size: FAVORITES_PAGE_SIZE, image_type: 'public' },
  });

/** GET /api/favorites/count: how many public cards the user has favorited. */
export const countFavorites = () => apiJson<FavoritesCountResponse>('favorites/count', { searchParams: { image_type: 'public' } });

/** One request per card per page load: every GET of a card's details counts a view on the server. */
const detailsRequests = new Map<string, Promise<CharacterDetails>>();

/**
 * GET /api/characters/{id}: a card's details for chat. Shared by every caller of the page load (the
 * favorites click and the chat it opens ask for the same card), so one visit counts one view.
 */
export function getCharacterDetails(fileId: string): Promise<CharacterDetails> {
  let request = detailsRequests.get(fileId);
  if (!request) {
    request = apiJson<CharacterDetails>(`characters/${encodeURIComponent(fileId)}`);
    // A failure is not remembered, so the next ask tries again.
    request.catch(() => detailsRequests.delete(fileId));
    detailsRequests.set(fileId, request);
  }
  return request;
}
