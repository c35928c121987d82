import type {
  CardExportFormat,
  FavoriteAddRequest,
  FavoriteAddResponse,
  FavoriteCheckResponse,
  PopularTags,
  PublicImagesResponse,
  SuccessResponse,
} from '@core/contract';
import { authorizedFetch, authorizedFetchUrl } from './authorizedFetch';
import { apiJson } from './client';
import { errorFromResponse } from './errors';
import { GALLERY_PAGE_SIZE } from '@core/gallery';
import { GALLERY_SORTS, type GallerySortId } from '@core/contract/constants';

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

/** The query's parameters, as the server reads them (the default sort is not named: Home's first page URL stays the preloaded one). */
export function galleryParams(
  { q, sort, tags = [], nsfw = false }: GalleryQuery,
  offset: number,
  limit = GALLERY_PAGE_SIZE,
): URLSearchParams {
  const params = new URLSearchParams({ limit: String(limit), offset: String(offset) });
  if (q) params.set('q', q);
  if (sort && sort !== GALLERY_SORTS[0]) params.set('sort', sort);
  for (const tag of tags) params.append('tag', tag);
  if (nsfw) params.set('nsfw', '1');
  return params;
}

/** GET /api/upload/image: a page of public cards in the query's sort, filtered by its search and tags (or a creator's, newest first). */
export function listPublicImages(query: GalleryQuery, offset = 0) {
  if (query.creator) {
    return apiJson<PublicImagesResponse>(`creators/${encodeURIComponent(query.creator)}/cards`, {
      searchParams: galleryParams({ nsfw: query.nsfw }, offset),
    });
  }
  return apiJson<PublicImagesResponse>('upload/image', { searchParams: galleryParams(query, offset) });
}

/** GET /api/gallery/tags: the gallery's most used tags (with NSFW cards' when asked and allowed). */
export const getPopularTags = (nsfw: boolean) => apiJson<PopularTags>('gallery/tags', { searchParams: nsfw ? { nsfw: '1' } : {} });

export const addFavorite = (body: FavoriteAddRequest) => apiJson<FavoriteAddResponse>('favorites/add', { method: 'post', json: body });

export const removeFavorite = (fileId: string) =>
  apiJson<SuccessResponse>(`favorites/remove/${encodeURIComponent(fileId)}`, { method: 'delete' });

export const checkFavorite = (fileId: string) => apiJson<FavoriteCheckResponse>(`favorites/check/${encodeURIComponent(fileId)}`);

/**
 * An image the API serves, as a Blob for an object URL or a download (`download` adds `?download=1`,
 * which the server counts). A private PNG or thumbnail needs the Bearer token, which an <img src>
 * cannot send; a public one gets it too, harmlessly.
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
  const response = await authorizedFetch(`upload/card/${encodeURIComponent(fileId)}/download/${format}`);
  if (!response.ok) throw await errorFromResponse(response);
  return response.blob();
}
