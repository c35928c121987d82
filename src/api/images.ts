import type { CardExportFormat, FavoriteAddRequest } from '@core/contract';
import { GALLERY_SORTS, type GallerySortId } from '@core/contract/constants';
import * as routes from '@core/contract/routes';
import { GALLERY_PAGE_SIZE } from '@core/gallery';
import { authorizedFetchUrl } from './authorizedFetch';
import { api } from './call';
import { errorFromResponse } from './errors';

export { GALLERY_PAGE_SIZE };

/** What a gallery list asks for: a search, a sort (absent: Trending), tags it must all have, NSFW cards too. */
export interface GalleryQuery {
  q?: string | undefined;
  sort?: GallerySortId | undefined;
  tags?: readonly string[] | undefined;
  nsfw?: boolean | undefined;
  /** A creator's published cards (their page), newest first, instead of the whole gallery. */
  creator?: string | undefined;
}

/**
 * GET /api/upload/image: a page of public cards in the query's sort, filtered by its search and tags
 * (or a creator's, newest first). The default sort is not named: Home's first page URL stays the
 * preloaded one.
 */
export function listPublicImages({ q, sort, tags = [], nsfw = false, creator }: GalleryQuery, offset = 0) {
  const shown = { limit: GALLERY_PAGE_SIZE, offset, nsfw: nsfw ? ('1' as const) : undefined };
  if (creator) return api(routes.creatorCards, { params: { handle: creator }, query: shown });
  return api(routes.gallery, {
    query: {
      ...shown,
      q: q || undefined,
      sort: sort && sort !== GALLERY_SORTS[0] ? sort : undefined,
      tag: tags.length > 0 ? [...tags] : undefined,
    },
  });
}

/** GET /api/gallery/tags: the gallery's most used tags (with NSFW cards' when asked and allowed). */
export const getPopularTags = (nsfw: boolean) => api(routes.popularTags, { query: { nsfw: nsfw ? '1' : undefined } });

export const addFavorite = (body: FavoriteAddRequest) => api(routes.addFavorite, { body });

export const removeFavorite = (fileId: string) => api(routes.removeFavorite, { params: { id: fileId } });

export const checkFavorite = (fileId: string) => api(routes.checkFavorite, { params: { file_id: fileId } });

/**
 * An image the API serves, as a Blob for an object URL or a download (`download` adds `?download=1`,
 * which the server counts). A private PNG or thumbnail needs the Bearer token, which an <img src>
 * cannot send; a public one gets it too, harmlessly. Fetched at the address the API handed out (an
 * image's `url`, which may live on an image host), not through a contract route, and without telling
 * connectivity: the service worker may answer it from its cache while cardchat is down.
 */
export async function fetchImageBlob(url: string, { download = false } = {}): Promise<Blob> {
  const address = new URL(url, window.location.origin);
  if (download) address.searchParams.set('download', '1');
  const response = await authorizedFetchUrl(address);
  if (!response.ok) throw await errorFromResponse(response);
  return response.blob();
}

/** GET /api/upload/card/{id}/download/{json|charx}: the card as V3 .json or as .charx with its assets. */
export async function fetchCardExport(fileId: string, format: CardExportFormat): Promise<Blob> {
  const response = await api(routes.cardExport, { params: { file_id: fileId, format } }, { read: 'response' });
  return response.blob();
}
