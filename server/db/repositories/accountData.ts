/**
 * What an account deletion removes, a batch at a time (so one account never holds a long
 * transaction or a big list in memory), and the last step that removes the user row itself.
 */
import type { Kysely } from 'kysely';
import { invalidateGallery } from '../galleryCache';
import type { Database } from '../schema';
import { lockOwner } from './images';

/**
 * Public cards move to the gallery's own account (`owner`, asked for only when there are any), except
 * those whose bytes it already has: they are duplicates, deleted with the rest.
 */
export async function adoptPublicImages(db: Kysely<Database>, fromUserId: string, owner: () => Promise<string>): Promise<number> {
  const any = await db
    .selectFrom('images')
    .select('id')
    .where('owner_id', '=', fromUserId)
    .where('is_public', '=', 1)
    .limit(1)
    .executeTakeFirst();
  if (!any) return 0;
  const toUserId = await owner();
  const result = await db
    .updateTable('images')
    .set({ owner_id: toUserId })
    .where('owner_id', '=', fromUserId)
    .where('is_public', '=', 1)
    .where('sha256', 'not in', (eb) => eb.selectFrom('images').select('sha256').where('owner_id', '=', toUserId))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Edits of the person's cards waiting for review, with the blobs of their cards (the revisions' own blobs are those the cards do not share). */
export function revisionBatch(db: Kysely<Database>, ownerId: string, limit: number) {
  return db
    .selectFrom('card_revisions as r')
    .innerJoin('images', 'images.id', 'r.image_id')
    .select(['r.image_id', 'r.blob_key', 'r.thumb_keys', 'images.blob_key as card_blob_key', 'images.thumb_keys as card_thumb_keys'])
    .where('r.owner_id', '=', ownerId)
    .orderBy('r.image_id')
    .limit(limit)
    .execute();
}

export async function deleteRevisions(db: Kysely<Database>, ownerId: string, imageIds: string[]): Promise<void> {
  if (imageIds.length === 0) return;
  await db.deleteFrom('card_revisions').where('owner_id', '=', ownerId).where('image_id', 'in', imageIds).execute();
}

export function ownedImageBatch(db: Kysely<Database>, userId: string, limit: number) {
  return db
    .selectFrom('images')
    .select(['id', 'blob_key', 'thumb_keys', 'is_public'])
    .where('owner_id', '=', userId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function deleteOwnedImages(db: Kysely<Database>, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  invalidateGallery();
  await db.deleteFrom('images').where('owner_id', '=', userId).where('id', 'in', ids).execute();
  invalidateGallery();
}

export function chatBatch(db: Kysely<Database>, userId: string, limit: number) {
  return db.selectFrom('chats').select(['id', 'portrait_key']).where('user_id', '=', userId).orderBy('id').limit(limit).execute();
}

/** The chats with their messages, completion records and message changes (ON DELETE CASCADE). */
export async function deleteOwnedChats(db: Kysely<Database>, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('chats').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

export function personaBatch(db: Kysely<Database>, userId: string, limit: number) {
  return db.selectFrom('personas').select(['id', 'avatar_key']).where('user_id', '=', userId).orderBy('id').limit(limit).execute();
}

export async function deleteOwnedPersonas(db: Kysely<Database>, userId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('personas').where('user_id', '=', userId).where('id', 'in', ids).execute();
}

/** The user's favorites, each public card's count going down with its favorite, in one transaction. */
export async function deleteUserFavorites(db: Kysely<Database>, userId: string): Promise<void> {
  invalidateGallery();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('images')
      .set((eb) => ({ favorite_count: eb('favorite_count', '-', 1) }))
      .where('id', 'in', (eb) => eb.selectFrom('favorites').select('image_id').where('user_id', '=', userId))
      .execute();
    await trx
      .updateTable('gallery')
      .set((eb) => ({ favorite_count: eb('favorite_count', '-', 1) }))
      .where('image_id', 'in', (eb) => eb.selectFrom('favorites').select('image_id').where('user_id', '=', userId))
      .execute();
    await trx.deleteFrom('favorites').where('user_id', '=', userId).execute();
  });
  invalidateGallery();
}

/**
 * Removes the user row, and whatever still points at it by ON DELETE CASCADE, once nothing with a
 * blob is left: an upload that raced the deletion takes the same row lock (lockOwner), so it either
 * committed before this (and its card is found here, to be deleted first) or fails on the missing
 * row (and removes its own blobs). False when something was left: the caller goes round again.
 */
export async function deleteUserIfEmpty(db: Kysely<Database>, userId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    await lockOwner(trx, userId);
    const images = await trx.selectFrom('images').select('id').where('owner_id', '=', userId).limit(1).executeTakeFirst();
    const chats = await trx.selectFrom('chats').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
    const personas = await trx.selectFrom('personas').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
    if (images || chats || personas) return false;
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return true;
  });
}
