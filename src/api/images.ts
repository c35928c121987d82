import type { CardExportFormat, FavoriteAddRequest } from '@core/contract';
import * as routes from '@core/contract/routes';
import { GALLERY_PAGE_SIZE } from '@core/gallery';
import { authorizedFetchUrl } from './authorizedFetch';
import { api } from './call';
import { errorFromResponse } from './errors';

export { GALLERY_PAGE_SIZE };

/** GET /api/upload/image: public cards, newest first; `q` matches name, tag or creator. */
export function listPublicImages({ q, offset = 0, limit = GALLERY_PAGE_SIZE }: { q?: string; offset?: number; limit?: number }) {
  return api(routes.gallery, { query: { limit, offset, q: q || undefined } });
}

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
