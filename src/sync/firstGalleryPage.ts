import { GALLERY_FIRST_PAGE_URL } from '../../core/gallery';
import type { PublicImagesResponse } from '../../core/types';
import { REQUEST_TIMEOUT_MS } from '../api/client';

/**
 * Home's first gallery page, asked for as soon as the app's first script runs instead of after the
 * router has loaded Home's code and drawn it: on a phone's link that is one round trip and a chunk's
 * download sooner. On a first visit the server has already preloaded this URL with the shell, and a
 * plain fetch of the same URL (no headers of its own) is what picks that preload up. The list is
 * public, so no token is needed, and none is waited for.
 */
let pending: Promise<PublicImagesResponse> | undefined;

export function fetchFirstGalleryPageEarly(): Promise<PublicImagesResponse> {
  pending = fetch(GALLERY_FIRST_PAGE_URL, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).then((response) => {
    if (!response.ok) throw new Error(`the gallery answered ${response.status}`);
    return response.json() as Promise<PublicImagesResponse>;
  });
  // Whoever takes it handles a failure (src/sync/gallery.ts asks again the usual way).
  pending.catch(() => undefined);
  return pending;
}

/** The early answer, once: later pulls (a retry, coming back online) ask the server afresh. */
export function takeFirstGalleryPage(): Promise<PublicImagesResponse> | undefined {
  const taken = pending;
  pending = undefined;
  return taken;
}
