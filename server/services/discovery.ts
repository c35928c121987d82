/**
 * The public gallery as people explore it (Home's sorts, tag chips and search; creator pages): who
 * sees NSFW cards, which filter a query makes, and the page it lists.
 */
import type { GalleryQuery, PopularTags, PublicImagesResponse } from '@core/contract';
import { GALLERY_SORTS } from '@core/contract/constants';
import { normalizeTag, queryWords } from '@core/tags';
import { listGallery, popularTags, type GalleryFilter } from '../db/repositories/gallery';
import { galleryImages } from '../db/repositories/images';
import type { User } from '../db/schema';
import type { ServiceContext } from './context';
import { publicImageOf } from './images/presentation';

/**
 * NSFW cards are listed only to a signed-in person who confirmed being 18 or older, chose to see
 * them, and asks for them (`nsfw=1`); visitors never see them, whatever they ask.
 */
export function showsNsfw(user: Pick<User, 'adult_confirmed_at' | 'show_nsfw'> | null, asked: boolean): boolean {
  return asked && user !== null && user.adult_confirmed_at !== null && user.show_nsfw === 1;
}

/** Whether a person may open an NSFW card's page: a signed-in adult (their own cards are always theirs to see). */
export function isAdult(user: Pick<User, 'adult_confirmed_at'> | null): boolean {
  return user?.adult_confirmed_at != null;
}

export function galleryFilter(query: Pick<GalleryQuery, 'sort' | 'tag' | 'q' | 'nsfw'>, user: User | null): GalleryFilter {
  return {
    sort: query.sort ?? GALLERY_SORTS[0],
    nsfw: showsNsfw(user, query.nsfw === '1'),
    tags: [...new Set((query.tag ?? []).map(normalizeTag).filter((tag) => tag !== ''))],
    words: queryWords(query.q),
  };
}

/** What every visitor's Home asks for (no search, no tag, no NSFW): the same bytes for all, which the route keeps a moment. */
export function isSharedPage(query: GalleryQuery): boolean {
  return !query.q?.trim() && (query.tag ?? []).length === 0 && query.nsfw !== '1';
}

export async function listedPage(
  ctx: Pick<ServiceContext, 'db'>,
  filter: GalleryFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<PublicImagesResponse> {
  const page = await listGallery(ctx.db, filter, { limit, offset });
  const rows = await galleryImages(ctx.db, page.ids);
  return { success: true, data: rows.map(publicImageOf), total: page.total, limit, offset, has_more: page.hasMore };
}

export function galleryPage(ctx: Pick<ServiceContext, 'db'>, query: GalleryQuery, user: User | null): Promise<PublicImagesResponse> {
  return listedPage(ctx, galleryFilter(query, user), query);
}

/** Tags change slowly and counting them reads every public card's: each instance counts once in a while. */
const TAGS_KEPT_MS = 10 * 60_000;
const CHIPS = 24;
const tagsByDb = new WeakMap<object, Map<boolean, { value: PopularTags; expiresAt: number }>>();

export async function popularGalleryTags(ctx: Pick<ServiceContext, 'db'>, nsfw: boolean): Promise<PopularTags> {
  let kept = tagsByDb.get(ctx.db);
  if (!kept) tagsByDb.set(ctx.db, (kept = new Map()));
  const cached = kept.get(nsfw);
  if (cached && cached.expiresAt > Date.now()) return cached.value;
  const value = { tags: await popularTags(ctx.db, { nsfw, limit: CHIPS }) };
  kept.set(nsfw, { value, expiresAt: Date.now() + TAGS_KEPT_MS });
  return value;
}
