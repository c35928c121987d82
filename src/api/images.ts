import type {
  CardExportFormat,
  FavoriteAddRequest,
  FavoriteAddResponse,
  FavoriteCheckResponse,
  PublicImagesResponse,
  SuccessResponse,
} from '@core/contract';
import { authorizedFetch, authorizedFetchUrl } from './authorizedFetch';
import { apiJson } from './client';
import { errorFromResponse } from './errors';
import { GALLERY_PAGE_SIZE } from '@core/gallery';

export { GALLERY_PAGE_SIZE };

/** GET /api/upload/image: public cards, newest first; `q` matches name, tag or creator. */
export function listPublicImages({ q, offset = 0, limit = GALLERY_PAGE_SIZE }: { q?: string; offset?: number; limit?: number }) {
  const searchParams: Record<string, string | number> = { limit, offset };
  if (q) searchParams.q = q;
  return apiJson<PublicImagesResponse>('upload/image', { searchParams });
}

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
