import type { FavoriteAddRequest, FavoriteAddResponse, PublicImagesResponse } from '../../core/types';
import { apiJson } from './client';
import { ApiError } from './errors';

/** The spec's gallery page size. */
export const GALLERY_PAGE_SIZE = 20;

/** GET /api/upload/image: public cards, newest first; `q` matches name, tag or creator. */
export function listPublicImages({ q, offset = 0, limit = GALLERY_PAGE_SIZE }: { q?: string; offset?: number; limit?: number }) {
  const searchParams: Record<string, string | number> = { limit, offset };
  if (q) searchParams.q = q;
  return apiJson<PublicImagesResponse>('upload/image', { searchParams });
}

export const addFavorite = (body: FavoriteAddRequest) =>
  apiJson<FavoriteAddResponse>('favorites/add', { method: 'post', json: body });

export const removeFavorite = (fileId: string) =>
  apiJson<{ success: boolean; message: string }>(`favorites/remove/${encodeURIComponent(fileId)}`, { method: 'delete' });

export const checkFavorite = (fileId: string) =>
  apiJson<{ is_favorited: boolean }>(`favorites/check/${encodeURIComponent(fileId)}`);

/**
 * A public card's PNG as an attachment (`?download=1`, which the server counts). Public images need
 * no token, so a plain fetch does; the service worker may answer it from its image cache.
 */
export async function downloadPublicImage(url: string): Promise<Blob> {
  const address = new URL(url, window.location.origin);
  address.searchParams.set('download', '1');
  const response = await fetch(address);
  if (!response.ok) throw new ApiError(`HTTP ${response.status}: ${response.statusText}`, response.status);
  return response.blob();
}
