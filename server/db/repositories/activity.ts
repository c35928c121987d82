/** Chats started and likes given per card per hour (card_activity), the material of the Trending score. */
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export async function addActivity(
  db: Kysely<Database>,
  imageId: string,
  hour: string,
  change: { chats?: number; likes?: number },
): Promise<void> {
  const chats = change.chats ?? 0;
  const likes = change.likes ?? 0;
  await db
    .insertInto('card_activity')
    .values({ image_id: imageId, hour, chats: Math.max(0, chats), likes: Math.max(0, likes) })
    .onConflict((oc) =>
      oc.columns(['image_id', 'hour']).doUpdateSet((eb) => ({
        chats: eb('card_activity.chats', '+', chats),
        likes: eb('card_activity.likes', '+', likes),
      })),
    )
    .execute();
}

/** Every hour of activity of these cards since `sinceHour`. */
export function activitySince(db: Kysely<Database>, imageIds: readonly string[], sinceHour: string) {
  if (imageIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('card_activity')
    .select(['image_id', 'hour', 'chats', 'likes'])
    .where('image_id', 'in', imageIds)
    .where('hour', '>=', sinceHour)
    .execute();
}

/** Cards with any activity since `sinceHour`. */
export async function activeCards(db: Kysely<Database>, sinceHour: string): Promise<string[]> {
  const rows = await db.selectFrom('card_activity').select('image_id').distinct().where('hour', '>=', sinceHour).execute();
  return rows.map((row) => row.image_id);
}

export async function pruneActivity(db: Kysely<Database>, beforeHour: string): Promise<void> {
  await db.deleteFrom('card_activity').where('hour', '<', beforeHour).execute();
}
