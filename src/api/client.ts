import type { Options } from 'ky';

/** Every call's policy: 10 s timeout, 3 attempts 1 s apart (docs/PRODUCT.md, Limits). */
export const REQUEST_TIMEOUT_MS = 10_000;

/**
 * A JSON call (src/api/call.ts builds it from a contract route). Its HTTP layer (ky, http.ts) loads
 * with the first call: Home's first view fetches its data without it (sync/firstGalleryPage.ts), so
 * a visitor's first page does not download it before the cards.
 */
export async function jsonRequest(path: string, options: Options): Promise<unknown> {
  return (await import('./http')).jsonRequest(path, options);
}
