import type { Kysely } from 'kysely';
import type { CardHitsTable, Database } from '../schema';

/**
 * Counts a view or download of a card once per viewer per day: the hit is recorded, and the card's
 * counter moves only when the record is new. A new record also clears earlier days' (an indexed
 * delete that finds nothing almost every time), so the table holds about one day of viewers.
 */
export async function countHitOnce(db: Kysely<Database>, hit: CardHitsTable): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const recorded = await trx
      .insertInto('card_hits')
      .values(hit)
      .onConflict((oc) => oc.columns(['image_id', 'kind', 'viewer', 'day']).doNothing())
      .returning('day')
      .executeTakeFirst();
    if (!recorded) return false;
    await trx.deleteFrom('card_hits').where('day', '<', hit.day).execute();
    await trx
      .updateTable('images')
      .set((eb) => (hit.kind === 'view' ? { view_count: eb('view_count', '+', 1) } : { download_count: eb('download_count', '+', 1) }))
      .where('id', '=', hit.image_id)
      .execute();
    return true;
  });
}

/** Every hit one viewer left (an account being deleted: which cards it looked at today). */
export async function deleteViewerHits(db: Kysely<Database>, viewer: string): Promise<void> {
  await db.deleteFrom('card_hits').where('viewer', '=', viewer).execute();
}

/** Whether this is the viewer's first chat with the card today (recorded now): a day's chats count once per person. */
export async function firstChatToday(db: Kysely<Database>, imageId: string, viewer: string, day: string): Promise<boolean> {
  const recorded = await db
    .insertInto('card_hits')
    .values({ image_id: imageId, kind: 'chat', viewer, day })
    .onConflict((oc) => oc.columns(['image_id', 'kind', 'viewer', 'day']).doNothing())
    .returning('day')
    .executeTakeFirst();
  return recorded !== undefined;
}
