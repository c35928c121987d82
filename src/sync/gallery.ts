import { addFavorite, checkFavorite, removeFavorite } from '../api/favorites';
import { listPublicImages, type GalleryQuery } from '../api/images';
import { GALLERY_SORTS } from '@core/contract/constants';
import { ApiError } from '../api/errors';
import { listKey, markFavorite, saveGalleryPage } from '../db/cards';
import { saveFavoriteFlag } from '../db/favorites';
import type { PublicImage, PublicImagesResponse } from '@core/contract';
import type { CachedCard } from '../db/db';
import { fetchFirstGalleryPage } from './firstGalleryPage';

export interface GalleryPull {
  /** How many public cards the server has for this query (counted up to 1,000). */
  total: number;
  /** How many cards this page brought. */
  count: number;
  hasMore: boolean;
}

/** Home as every visitor first sees it: no search, no tag, the first sort, no NSFW cards. */
const isFirstView = (query: GalleryQuery) =>
  !query.creator && !query.q && (query.tags ?? []).length === 0 && (query.sort ?? GALLERY_SORTS[0]) === GALLERY_SORTS[0] && !query.nsfw;

/**
 * Fetches one page of a gallery list and writes it to Dexie (its cards, and their places in the
 * list: db/cards.ts saveGalleryPage); the screens update from there.
 */
export async function pullGallery(query: GalleryQuery & { offset: number }): Promise<GalleryPull> {
  if (query.offset === 0 && isFirstView(query) && earlyPull) {
    const early = earlyPull;
    earlyPull = undefined;
    // One that failed is asked for again through the API client, with its retries and messages.
    const pulled = await early.catch(() => undefined);
    if (pulled) return pulled;
  }
  return savePage(query, query.offset, await listPublicImages(query, query.offset));
}

async function savePage(query: GalleryQuery, offset: number, page: PublicImagesResponse): Promise<GalleryPull> {
  // An older server (or a test's) says only the total.
  const hasMore = page.has_more ?? offset + page.data.length < page.total;
  await saveGalleryPage(listKey(query), page.data, { offset, hasMore });
  return { total: page.total, count: page.data.length, hasMore };
}

/** Home's first pull, started at start-up; the first pull Home itself makes takes it. */
let earlyPull: Promise<GalleryPull> | undefined;

/**
 * Pulls Home's first page as soon as the app's first script runs, not once the router has drawn
 * Home: the list (already on its way by the shell's preload) is in Dexie by the time the grid first
 * reads it, so the first render shows cards. Resolves with the page's cards for whoever wants to
 * start on their pictures.
 */
export function pullFirstGalleryPageEarly(): Promise<PublicImage[]> {
  const page = fetchFirstGalleryPage();
  earlyPull = page.then((fetched) => savePage({}, 0, fetched));
  earlyPull.catch(() => undefined); // handled by the pull that takes it
  return page.then((fetched) => fetched.data);
}

/** What a favorite says of its card (the server takes the rest from the card itself). */
export interface FavoriteCardText {
  name: string;
  description?: string;
  tags: string[];
}

/** The card's heart everywhere on this device: the cached gallery card (and its like count) and the flag. */
export async function recordFavorite(fileId: string, favorited: boolean, likeDelta: number): Promise<void> {
  await markFavorite(fileId, favorited, likeDelta);
  await saveFavoriteFlag(fileId, favorited);
}

/**
 * Makes the card a favorite of the user's or not, and moves the cached gallery card's heart and like
 * count by what the server did, so every screen showing the card agrees. A remove the server no
 * longer knows (done on another device) counts as done. Throws what the API throws.
 */
export async function setFavorite(fileId: string, want: boolean, card: FavoriteCardText): Promise<void> {
  if (!want) {
    try {
      await removeFavorite(fileId);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return recordFavorite(fileId, false, 0);
      throw error;
    }
    return recordFavorite(fileId, false, -1);
  }
  const added = await addFavorite({
    file_id: fileId,
    image_type: 'public',
    character_name: card.name,
    ...(card.description === undefined ? {} : { character_description: card.description }),
    tags: card.tags,
  });
  await recordFavorite(fileId, true, added.created ? 1 : 0);
}

/**
 * The gallery's heart: the list does not say whether this user favorited a card, so the first
 * toggle asks the server. Failures are only logged (docs/PRODUCT.md, Screens: Home).
 */
export async function toggleFavorite(card: CachedCard): Promise<void> {
  try {
    const favorited = card.favorited ?? (await checkFavorite(card.file_id)).is_favorited;
    const { data } = card.card_data;
    await setFavorite(card.file_id, !favorited, { name: data.name, description: data.description, tags: data.tags });
  } catch (error) {
    console.error('Favorite toggle failed', error);
  }
}
