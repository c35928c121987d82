import { PAGE_SIZES } from '@core/contract/constants';
import * as routes from '@core/contract/routes';
import { api } from './call';

// Adding, removing and checking live with the gallery's calls; the Favorites page uses the same ones.
export { addFavorite, checkFavorite, removeFavorite } from './images';

/** The favorites' page size (docs/PRODUCT.md, Limits). */
export const FAVORITES_PAGE_SIZE = PAGE_SIZES.favorites;

/** GET /api/favorites/list: one page of the user's public favorites, newest first. */
export const listFavorites = (page: number) =>
  api(routes.listFavorites, { query: { page, page_size: FAVORITES_PAGE_SIZE, image_type: 'public' } });

/** GET /api/favorites/count: how many public cards the user has favorited. */
export const countFavorites = () => api(routes.countFavorites, { query: { image_type: 'public' } });
