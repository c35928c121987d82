import type { PublicImage } from '../../../core/contract';

/** Home's first row, as the grid draws it and as the first visit fetches it ahead of the grid. */

/** A phone's first row: its pictures are fetched first; the rest load lazily. */
export const FIRST_ROW = 2;

/** Two columns on a phone, ~220 px tiles from tablets up: lets the browser pick 240w or 480w. */
export const PORTRAIT_SIZES = '(max-width: 640px) 50vw, 240px';

/**
 * Starts the first row's pictures the moment the early list arrives (src/main.tsx),
 * while the app's code still runs: the grid comes later, and its <img> then finds the picture
 * loaded. The same srcset and sizes as the grid's, so the browser picks the same file for both.
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
