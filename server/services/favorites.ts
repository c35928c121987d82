import type { CardSummaryData } from '@core/card/index';
import type { Favorite } from '@core/contract';
import {
  deleteFavorite,
  findFavoriteByIdOrFileId,
  findFavoriteOfImage,
  insertFavoriteIfAbsent,
  listFavorites,
  type FavoriteWithImage,
} from '../db/repositories/favorites';
import { changeFavoriteCount } from '../db/repositories/images';
import { badRequest, notFound } from '../errors';
import { emitEvent } from '../events/emit';
import { readableImage } from './images/access';
import { noteLike } from './publishing/activity';
import { cardTypeOf, imageUrl } from './images/presentation';
import { lockAccount, type RequestUser } from './users';
import type { ServiceContext } from './context';

export const MESSAGE_PRIVATE_FAVORITE = "Private cards don't need favorites";

/** A favorite as lists show it: the card's bounded summary (core/card/summary.ts), never the whole card. */
function favoriteOf(row: FavoriteWithImage): Favorite {
  const summary = JSON.parse(row.card_summary) as CardSummaryData;
  return {
    id: row.id,
    file_id: row.image_id,
    image_type: cardTypeOf(row),
    character_name: row.card_name,
    character_description: summary.description,
    tags: summary.tags,
    url: imageUrl({ id: row.image_id, is_public: row.is_public, blob_key: row.blob_key }),
    created_at: row.created_at,
  };
}

/**
 * Favorites a public card once. The name, description and tags the client sends are not trusted:
 * the favorite shows what the card itself says. Adding again answers the existing favorite.
 */
export async function addFavorite(
  ctx: ServiceContext,
  user: RequestUser,
  body: { file_id: string; image_type?: string | undefined },
): Promise<{ created: boolean; favorite: Favorite }> {
  // Another user's private card does not exist as far as this user can tell.
  const image = await readableImage(ctx, body.file_id, user);
  if (image.is_public !== 1 || body.image_type === 'user') throw badRequest('private_card', MESSAGE_PRIVATE_FAVORITE);
  let created: boolean;
  try {
    created = await ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, user.id);
      const inserted = await insertFavoriteIfAbsent(trx, user.id, image.id);
      if (inserted) await changeFavoriteCount(trx, image.id, 1);
      if (inserted) await noteLike(trx, image.id, 1, new Date());
      const row = inserted && (await findFavoriteOfImage(trx, user.id, image.id));
      if (row) await emitEvent(trx, user.id, 'favorite.added', favoriteOf(row));
      return inserted;
    });
  } catch (error) {
    // The image was deleted after we looked it up: its row is gone, so the reference fails.
    const code = (error as { code?: unknown }).code;
    if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY') throw notFound('Image not found');
    throw error;
  }
  const row = await findFavoriteOfImage(ctx.db, user.id, image.id);
  // The image was deleted between the insert and this read.
  if (!row) throw notFound('Image not found');
  return { created, favorite: favoriteOf(row) };
}

/** `id` is the favorite's own id or the card's file id: the client knows one or the other. */
export async function removeFavorite(ctx: ServiceContext, user: RequestUser, id: string): Promise<void> {
  const removed = await ctx.db.transaction().execute(async (trx) => {
    const favorite = await findFavoriteByIdOrFileId(trx, user.id, id);
    if (!favorite) return false;
    if (!(await deleteFavorite(trx, favorite.id))) return false;
    await changeFavoriteCount(trx, favorite.image_id, -1);
    await noteLike(trx, favorite.image_id, -1, new Date(favorite.created_at));
    await emitEvent(trx, user.id, 'favorite.removed', { id: favorite.id, file_id: favorite.image_id });
    return true;
  });
  if (!removed) throw notFound('Favorite not found');
}

function typeFilter(imageType: string | undefined): boolean | undefined {
  if (imageType === 'public') return true;
  if (imageType === 'user') return false;
  return undefined;
}

export async function favoritesPage(
  ctx: ServiceContext,
  user: RequestUser,
  query: { page: number; page_size: number; image_type?: string | undefined },
) {
  const { rows, total } = await listFavorites(ctx.db, user.id, {
    limit: query.page_size,
    offset: (query.page - 1) * query.page_size,
    isPublic: typeFilter(query.image_type),
  });
  const totalPages = Math.ceil(total / query.page_size);
  return {
    success: true as const,
    data: rows.map(favoriteOf),
    page: query.page,
    page_size: query.page_size,
    total,
    total_pages: totalPages,
    has_next: query.page < totalPages,
    has_prev: query.page > 1,
  };
}

export async function favoritesCount(ctx: ServiceContext, user: RequestUser, imageType: string | undefined) {
  const { total } = await listFavorites(ctx.db, user.id, { limit: 1, offset: 0, isPublic: typeFilter(imageType) });
  return { count: total };
}

/** Asked of a card the user cannot see (another user's private one, or none), the answer is 404, not `false`. */
export async function isFavorited(ctx: ServiceContext, user: RequestUser, fileId: string) {
  const image = await readableImage(ctx, fileId, user);
  return { is_favorited: (await findFavoriteOfImage(ctx.db, user.id, image.id)) !== undefined };
}
