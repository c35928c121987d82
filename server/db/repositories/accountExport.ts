/** What the data export reads of an account: lists of ids and names, never card JSON or message text in bulk. */
import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export function exportedCards(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('images')
    .select(['id', 'card_name', 'blob_key', 'is_public', 'file_size', 'created_at'])
    .where('owner_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function exportedChats(db: Kysely<Database>, userId: string) {
  return (
    db
      .selectFrom('chats')
      .select([
        'id',
        'character_name',
        'image_id',
        'persona_id',
        'message_count',
        'size',
        'created_at',
        'last_message_at',
        'chat_metadata',
        'group_strategy',
      ])
      .where('user_id', '=', userId)
      // A chat still being imported is not the account's yet: it is either finished or removed.
      .where('importing_since', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  );
}

export function exportedFavorites(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('favorites')
    .innerJoin('images', 'images.id', 'favorites.image_id')
    .select(['favorites.image_id', 'images.card_name', 'favorites.created_at'])
    .where('favorites.user_id', '=', userId)
    .orderBy('favorites.created_at')
    .execute();
}
