import type { FavoritesCountResponse, FavoritesListResponse } from '@core/contract';
import { PAGE_SIZES } from '@core/contract/constants';
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
