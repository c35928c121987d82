/** What the server and the page agree on about the public gallery's first view. */
import { PAGE_SIZES } from './contract/constants';

/** The gallery's page size (docs/PRODUCT.md, Limits). */
export const GALLERY_PAGE_SIZE = PAGE_SIZES.gallery;

/**
 * The gallery's first page, exactly as Home first asks for it: the server names it in a preload
 * with Home's shell (server/plugins/static.ts) and the page's early fetch
 * (src/sync/firstGalleryPage.ts) takes that response, so the list is on its way while the app's
 * code still downloads. The two must stay byte for byte the same URL, or the browser fetches twice.
 */
export const GALLERY_FIRST_PAGE_URL = `/api/upload/image?limit=${GALLERY_PAGE_SIZE}&offset=0`;

/**
 * Whether an address is Home as every first visit sees it: no search, no sort but the first, no tag.
 * Only then does the shell preload the first page, and the app pull it first.
 */
export function isPlainHome(url: URL): boolean {
  return url.pathname === '/' && ['q', 'sort', 'tags'].every((name) => !url.searchParams.get(name)?.trim());
}

/** A phone's first row: its pictures are fetched first (and named in Home's shell); the rest load lazily. */
export const FIRST_ROW = 2;

/** Two columns on a phone, ~220 px tiles from tablets up: lets the browser pick 240w or 480w. */
export const PORTRAIT_SIZES = '(max-width: 640px) 50vw, 240px';
