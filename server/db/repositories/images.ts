import type { Kysely } from 'kysely';
import { invalidateGallery } from '../galleryCache';
import { changeGalleryCount, fileInGallery } from './gallery';
import type { Database, Image, NewImage } from '../schema';

/**
 * Runs a write that changes what the public gallery shows, dropping its cached pages
 * (db/galleryCache.ts) before it, so no page built meanwhile is kept, and after it, for a read
 * that ran first on another connection (PostgreSQL). A transaction commits later still: see there.
 */
export async function changingGallery<T>(write: () => Promise<T>): Promise<T> {
  invalidateGallery();
  try {
    return await write();
  } finally {
    invalidateGallery();
  }
}

/** A card published as it is written (an administrator's 'Publish as public'): it needs no review. */
const publishedNow = (at: string) => ({ is_public: 1, review_state: 'published' as const, published_at: at, review_note: null });

export function insertImage(db: Kysely<Database>, image: NewImage): Promise<Image> {
  const values = image.is_public ? { ...image, ...publishedNow(image.created_at) } : image;
  const insert = async () => {
    const row = await db.insertInto('images').values(values).returningAll().executeTakeFirstOrThrow();
    if (row.is_public === 1) await fileInGallery(db, row);
    return row;
  };
  // A private card never shows in the gallery: the common upload keeps the cached pages.
  return image.is_public ? changingGallery(insert) : insert();
}

/** What an edit changes in a card's row (services/cardEdits.ts). */
export type ImageCardChange = Pick<
  NewImage,
  | 'is_public'
  | 'blob_key'
  | 'thumb_keys'
  | 'display_title'
  | 'sha256'
  | 'file_size'
  | 'width'
  | 'height'
  | 'aspect_ratio'
  | 'card_json'
  | 'card_summary'
  | 'stored_bytes'
  | 'card_name'
  | 'card_tags'
  | 'card_creator'
  | 'spec_version'
  | 'updated_at'
>;

/**
 * Points the row at an edited card, only while it still names the blob the edit started from: a
 * concurrent edit that switched it first wins, and this one gets undefined (nothing changed).
 */
export function switchImageCard(
  db: Kysely<Database>,
  image: Pick<Image, 'id' | 'blob_key' | 'is_public'>,
  change: ImageCardChange,
): Promise<Image | undefined> {
  const publishing = change.is_public === 1 && image.is_public !== 1;
  const update = async () => {
    const row = await db
      .updateTable('images')
      .set(publishing ? { ...change, ...publishedNow(change.updated_at) } : change)
      .where('id', '=', image.id)
      .where('blob_key', '=', image.blob_key)
      .returningAll()
      .executeTakeFirst();
    if (row && (row.is_public === 1 || image.is_public === 1)) await fileInGallery(db, row);
    return row;
  };
  return image.is_public || change.is_public ? changingGallery(update) : update();
}

/**
 * Serialises one user's writes inside a transaction: a no-op write to their row takes PostgreSQL's
 * row lock (SQLite's write lock), so the slot count read after it cannot go stale before the insert.
 * The account deletion takes it too, deleted or not; other writers take lockLiveOwner.
 */
export async function lockOwner(db: Kysely<Database>, ownerId: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', ownerId)
    .execute();
}

/**
 * The same lock, taken only while the account is there and its deletion not recorded: false when it
 * is (the caller writes nothing, and says the account is gone).
 */
export async function lockLiveOwner(db: Kysely<Database>, ownerId: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', ownerId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function findImage(db: Kysely<Database>, id: string): Promise<Image | undefined> {
  return db.selectFrom('images').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findImageByOwnerAndHash(db: Kysely<Database>, ownerId: string, sha256: string): Promise<Image | undefined> {
  return db.selectFrom('images').selectAll().where('owner_id', '=', ownerId).where('sha256', '=', sha256).executeTakeFirst();
}

/** `except` leaves one card out of the count: the one a replacement is about to delete. */
export async function countPrivateImages(db: Kysely<Database>, ownerId: string, except?: string): Promise<number> {
  let query = db
    .selectFrom('images')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('owner_id', '=', ownerId)
    .where('is_public', '=', 0);
  if (except) query = query.where('id', '!=', except);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** What a gallery item shows: the bounded summary, never card_json (up to megabytes a card). */
export type GalleryImage = Pick<
  Image,
  | 'id'
  | 'is_public'
  | 'filename'
  | 'display_title'
  | 'blob_key'
  | 'thumb_keys'
  | 'card_name'
  | 'card_summary'
  | 'spec_version'
  | 'favorite_count'
  | 'chat_count'
  | 'content_rating'
  | 'created_at'
> & {
  /** The owner's handle, when the list knows it. */
  creator_handle?: string | null;
};

export const GALLERY_COLUMNS = [
  'id',
  'is_public',
  'filename',
  'display_title',
  'blob_key',
  'thumb_keys',
  'card_name',
  'card_summary',
  'spec_version',
  'favorite_count',
  'chat_count',
  'content_rating',
  'created_at',
] as const satisfies readonly (keyof GalleryImage)[];

/** A card as the owner's lists show it: everything but card_json, and an edit of it waiting for review, if any. */
export type ListedImage = Omit<Image, 'card_json'> & {
  creator_handle?: string | null;
  changes_state?: 'submitted' | 'rejected' | null;
  changes_note?: string | null;
};

const LISTED_COLUMNS = [
  'id',
  'owner_id',
  'is_public',
  'filename',
  'display_title',
  'blob_key',
  'thumb_keys',
  'sha256',
  'file_size',
  'width',
  'height',
  'aspect_ratio',
  'card_name',
  'card_tags',
  'card_creator',
  'spec_version',
  'view_count',
  'download_count',
  'favorite_count',
  'stored_bytes',
  'card_summary',
  'review_state',
  'content_rating',
  'review_note',
  'submitted_at',
  'published_at',
  'chat_count',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ListedImage)[];

/** The gallery's cards with these ids, in this order, with their creators' handles. */
export async function galleryImages(db: Kysely<Database>, ids: readonly string[]): Promise<GalleryImage[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('images')
    .leftJoin('users', 'users.id', 'images.owner_id')
    .select(GALLERY_COLUMNS.map((column) => `images.${column}` as const))
    .select('users.handle as creator_handle')
    .where('images.id', 'in', ids)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.map((id) => byId.get(id)).filter((row) => row !== undefined);
}

export async function listOwnerImages(
  db: Kysely<Database>,
  ownerId: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: ListedImage[]; total: number }> {
  const query = db.selectFrom('images').where('images.owner_id', '=', ownerId);
  const [rows, count] = await Promise.all([
    query
      .leftJoin('card_revisions as r', 'r.image_id', 'images.id')
      .select(LISTED_COLUMNS.map((column) => `images.${column}` as const))
      .select(['r.state as changes_state', 'r.note as changes_note'])
      .orderBy('images.created_at', 'desc')
      .orderBy('images.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export async function changeFavoriteCount(db: Kysely<Database>, id: string, delta: 1 | -1): Promise<void> {
  await changingGallery(async () => {
    await db
      .updateTable('images')
      .set((eb) => ({ favorite_count: eb('favorite_count', '+', delta) }))
      .where('id', '=', id)
      .execute();
    await changeGalleryCount(db, id, 'favorite_count', delta);
  });
}

/** One more chat started with the card (its page's and the gallery's "chats"). */
export async function changeChatCount(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('images')
    .set((eb) => ({ chat_count: eb('chat_count', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

/** Deletes the row (its favorites go with it, ON DELETE CASCADE); true when a row was deleted. */
export async function deleteImage(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await changingGallery(() => db.deleteFrom('images').where('id', '=', id).executeTakeFirst());
  return Number(result.numDeletedRows) > 0;
}

/**
 * The card an imported chat belongs to: one the user may read (their own first, then the gallery's),
 * matched by the PNG's hash or by the character's name, newest first.
 */
export function findReadableImageBy(
  db: Kysely<Database>,
  userId: string,
  match: { sha256: string } | { cardName: string },
): Promise<Image | undefined> {
  let query = db
    .selectFrom('images')
    .selectAll()
    .where((eb) => eb.or([eb('owner_id', '=', userId), eb('is_public', '=', 1)]));
  query = 'sha256' in match ? query.where('sha256', '=', match.sha256) : query.where('card_name', '=', match.cardName);
  return query
    .orderBy((eb) => eb.case().when('owner_id', '=', userId).then(0).else(1).end())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}
