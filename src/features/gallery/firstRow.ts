import type { PublicImage } from '@core/contract';
import { FIRST_ROW, PORTRAIT_SIZES } from '@core/gallery';

/**
 * Starts the first row's pictures the moment the early list arrives (src/main.tsx),
 * while the app's code still runs: the grid comes later, and its <img> then finds the picture
 * loaded. The same srcset and sizes as the grid's, so the browser picks the same file for both.
 * Home's shell from the server names them already (server/services/images/homePreloads.ts); a shell
 * the service worker serves does not, and the browser fetches a preloaded picture once.
 */
export function preloadFirstRow(cards: PublicImage[]): void {
  for (const card of cards.slice(0, FIRST_ROW)) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = card.thumbnail_url;
    link.imageSrcset = card.thumbnail_srcset;
    link.imageSizes = PORTRAIT_SIZES;
    link.fetchPriority = 'high';
    document.head.append(link);
  }
}
