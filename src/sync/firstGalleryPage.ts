import { GALLERY_FIRST_PAGE_URL } from '@core/gallery';
import type { PublicImagesResponse } from '@core/contract';
import { REQUEST_TIMEOUT_MS } from '../api/client';

/**
 * Home's first gallery page as the shell's preload asked for it (server/plugins/static.ts): a plain
 * fetch of the same URL, with no headers of its own, is what the browser answers from that preload.
 * The list is public, so no token is sent, and none is waited for.
 */
export async function fetchFirstGalleryPage(): Promise<PublicImagesResponse> {
  const response = await fetch(GALLERY_FIRST_PAGE_URL, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`the gallery answered ${response.status}`);
  return (await response.json()) as PublicImagesResponse;
}
