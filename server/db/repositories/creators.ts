/** Creators: people with a public handle, and what their page adds up. */
import type { Kysely } from 'kysely';
import type { Database, User } from '../schema';

export function findUserByHandle(db: Kysely<Database>, handle: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('handle', '=', handle).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Over the person's published cards: how many, and the chats and likes they had. */
export async function creatorTotals(db: Kysely<Database>, ownerId: string): Promise<{ cards: number; chats: number; likes: number }> {
  const row = await db
    .selectFrom('images')
    .select((eb) => [
      eb.fn.countAll().as('cards'),
      eb.fn.coalesce(eb.fn.sum('chat_count'), eb.lit(0)).as('chats'),
      eb.fn.coalesce(eb.fn.sum('favorite_count'), eb.lit(0)).as('likes'),
    ])
    .where('owner_id', '=', ownerId)
    .where('is_public', '=', 1)
    .executeTakeFirstOrThrow();
  return { cards: Number(row.cards), chats: Number(row.chats), likes: Number(row.likes) };
}
