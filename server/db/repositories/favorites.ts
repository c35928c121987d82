import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, Favorite, Image } from '../schema';

export type FavoriteWithImage = Favorite & Pick<Image, 'is_public' | 'blob_key' | 'card_name' | 'card_summary'>;

/** Adds the favorite unless it exists; returns whether this call created it. */
export async function insertFavoriteIfAbsent(db: Kysely<Database>, userId: string, imageId: string): Promise<boolean> {
  const inserted = await db
    .insertInto('favorites')
    .values({ id: randomUUID(), user_id: userId, image_id: imageId, created_at: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['user_id', 'image_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

function withImage(db: Kysely<Database>) {
  return db
    .selectFrom('favorites')
    .innerJoin('images', 'images.id', 'favorites.image_id')
    .select([
      'favorites.id',
      'favorites.user_id',
      'favorites.image_id',
      'favorites.created_at',
      'images.is_public',
      'images.blob_key',
      'images.card_name',
      'images.card_summary',
    ]);
}

export function findFavoriteOfImage(db: Kysely<Database>, userId: string, imageId: string): Promise<FavoriteWithImage | undefined> {
  return withImage(db).where('favorites.user_id', '=', userId).where('favorites.image_id', '=', imageId).executeTakeFirst();
}

/** The user's favorite named by its own id or by its image's file id. */
export function findFavoriteByIdOrFileId(db: Kysely<Database>, userId: string, id: string): Promise<Favorite | undefined> {
  return db
    .selectFrom('favorites')
    .selectAll()
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('id', '=', id), eb('image_id', '=', id)]))
    .executeTakeFirst();
}

export async function deleteFavorite(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('favorites').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** `publicOnly` undefined = all; true = public images; false = private ones (none, in practice). */
export async function listFavorites(
  db: Kysely<Database>,
  userId: string,
  { limit, offset, isPublic }: { limit: number; offset: number; isPublic?: boolean | undefined },
): Promise<{ rows: FavoriteWithImage[]; total: number }> {
  let rowsQuery = withImage(db).where('favorites.user_id', '=', userId);
  let countQuery = db
    .selectFrom('favorites')
    .innerJoin('images', 'images.id', 'favorites.image_id')
    .where('favorites.user_id', '=', userId);
  if (isPublic !== undefined) {
    rowsQuery = rowsQuery.where('images.is_public', '=', isPublic ? 1 : 0);
    countQuery = countQuery.where('images.is_public', '=', isPublic ? 1 : 0);
  }
  const [rows, count] = await Promise.all([
    rowsQuery.orderBy('favorites.created_at', 'desc').orderBy('favorites.id', 'desc').limit(limit).offset(offset).execute(),
    countQuery.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}
