/**
 * A card's way to the gallery: its review state in `images`, an edit of a published card waiting in
 * `card_revisions`, and the administrators' queue of both.
 */
import type { Kysely } from 'kysely';
import type { CardRevision, Database, Image } from '../schema';
import { fileInGallery } from './gallery';
import { changingGallery } from './images';

export type ReviewChange = Partial<
  Pick<Image, 'review_state' | 'is_public' | 'review_note' | 'submitted_at' | 'published_at' | 'content_rating'>
>;

/**
 * Moves a card along its review (and in or out of the gallery, in the same transaction: the caller's).
 * Undefined when the card is gone.
 */
export async function changeReview(db: Kysely<Database>, imageId: string, change: ReviewChange): Promise<Image | undefined> {
  return changingGallery(async () => {
    const row = await db.updateTable('images').set(change).where('id', '=', imageId).returningAll().executeTakeFirst();
    if (row) await fileInGallery(db, row);
    return row;
  });
}

/** How many of the person's cards, and edits of published ones, wait for review. */
export async function waitingSubmissions(db: Kysely<Database>, ownerId: string): Promise<number> {
  const [cards, changes] = await Promise.all([
    db
      .selectFrom('images')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', ownerId)
      .where('review_state', '=', 'submitted')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('card_revisions')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('owner_id', '=', ownerId)
      .where('state', '=', 'submitted')
      .executeTakeFirstOrThrow(),
  ]);
  return Number(cards.n) + Number(changes.n);
}

export function findRevision(db: Kysely<Database>, imageId: string): Promise<CardRevision | undefined> {
  return db.selectFrom('card_revisions').selectAll().where('image_id', '=', imageId).executeTakeFirst();
}

/** Stores the edit waiting for review, in place of any earlier one of the card. */
export async function putRevision(db: Kysely<Database>, revision: CardRevision): Promise<void> {
  const { image_id: _id, ...columns } = revision;
  await db
    .insertInto('card_revisions')
    .values(revision)
    .onConflict((oc) => oc.column('image_id').doUpdateSet(columns))
    .execute();
}

export async function changeRevision(db: Kysely<Database>, imageId: string, change: Pick<CardRevision, 'state' | 'note'>): Promise<void> {
  await db.updateTable('card_revisions').set(change).where('image_id', '=', imageId).execute();
}

export async function deleteRevision(db: Kysely<Database>, imageId: string): Promise<void> {
  await db.deleteFrom('card_revisions').where('image_id', '=', imageId).execute();
}

/**
 * A card that left the gallery is nobody's favorite any more: others' lists would name a card they
 * cannot open, and private cards have no favorites.
 */
export async function dropFavorites(db: Kysely<Database>, imageId: string): Promise<void> {
  await db.deleteFrom('favorites').where('image_id', '=', imageId).execute();
  await db.updateTable('images').set({ favorite_count: 0 }).where('id', '=', imageId).execute();
}

/** First submissions waiting, oldest first, with their creators' handles (the whole card: an administrator reads it). */
export function waitingCards(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('images')
    .leftJoin('users', 'users.id', 'images.owner_id')
    .selectAll('images')
    .select('users.handle as creator_handle')
    .where('images.review_state', '=', 'submitted')
    .orderBy('images.submitted_at')
    .limit(limit)
    .execute();
}

/** Edits of published cards waiting, oldest first, with the published version's name and the handle. */
export function waitingChanges(db: Kysely<Database>, limit: number) {
  return db
    .selectFrom('card_revisions as r')
    .innerJoin('images', 'images.id', 'r.image_id')
    .leftJoin('users', 'users.id', 'r.owner_id')
    .selectAll('r')
    .select(['images.card_name as published_name', 'users.handle as creator_handle'])
    .where('r.state', '=', 'submitted')
    .orderBy('r.submitted_at')
    .limit(limit)
    .execute();
}
