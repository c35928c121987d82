import { addFavorite, checkFavorite, removeFavorite } from '../api/favorites';
import { GALLERY_PAGE_SIZE, listPublicImages } from '../api/images';
import { ApiError } from '../api/errors';
import { markFavorite, saveGalleryPage } from '../db/cards';
import { saveFavoriteFlag } from '../db/favorites';
import type { PublicImage, PublicImagesResponse } from '@core/contract';
import type { CachedCard } from '../db/db';
import { fetchFirstGalleryPage } from './firstGalleryPage';

export interface GalleryPull {
  /** How many public cards the server has for this query. */
  total: number;
  /** How many cards this page brought. */
  count: number;
}

/**
 * Fetches one page of the public gallery and writes it to Dexie; the screens update from there.
 *
 * Cards that left the gallery (deleted, or made private) are removed only after a fresh unfiltered
 * first page, and only within the window that page covers: the cards at least as new as its oldest
 * one (or all of them when the page held the whole gallery). Those are exactly the cards the server
 * would have listed had it still had them. Older cached cards are kept until a pull covers them,
 * so a phone that saw page 3 yesterday still has it offline; a filtered page proves nothing about
 * cards that do not match, so it never removes anything.
 */
export async function pullGallery({ q, offset }: { q?: string; offset: number }): Promise<GalleryPull> {
  const firstUnfiltered = !q && offset === 0;
  if (firstUnfiltered && earlyPull) {
    const early = earlyPull;
    earlyPull = undefined;
    // One that failed is asked for again through the API client, with its retries and messages.
    const pulled = await early.catch(() => undefined);
    if (pulled) return pulled;
  }
  return savePage(await listPublicImages({ q, offset, limit: GALLERY_PAGE_SIZE }), firstUnfiltered);
}

async function savePage(page: PublicImagesResponse, firstUnfiltered: boolean): Promise<GalleryPull> {
  await saveGalleryPage(page.data, firstUnfiltered ? { complete: page.data.length >= page.total } : undefined);
  return { total: page.total, count: page.data.length };
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
  earlyPull = page.then((fetched) => savePage(fetched, true));
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
