import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What a stored message costs beside its text: its ids, seq, role, name, date and their index
 * entries. A fixed figure, so the quota counts many tiny messages as what they take on disk.
 */
export const MESSAGE_ROW_BYTES = 256;

/** An import still writing after this long was cut off (a crash): its chat no longer counts, and goes. */
export const STALE_IMPORT_MS = 10 * 60 * 1000;

export interface StoredBytes {
  cards: number;
  chats: number;
  portraits: number;
}

/** A chat's stored bytes, the one formula `storedBytesOf` sums. */
export function chatStoredBytes(chat: {
  size: number;
  message_count: number;
  card_json: string | null;
  chat_metadata: string | null;
}): number {
  return chat.size + chat.message_count * MESSAGE_ROW_BYTES + (chat.card_json?.length ?? 0) + (chat.chat_metadata?.length ?? 0);
}

/**
 * The user's stored bytes: private cards (public ones are the gallery's, as with slots), chats and
 * portraits. Chats an import is still writing count (they hold their room), unless stale.
 */
export async function storedBytesOf(db: Db, userId: string, now = new Date()): Promise<StoredBytes> {
  const staleBefore = new Date(now.getTime() - STALE_IMPORT_MS).toISOString();
  const [cards, chats] = await Promise.all([
    db
      .selectFrom('images')
      .select(sql<string | number | null>`sum(stored_bytes)`.as('bytes'))
      .where('owner_id', '=', userId)
      .where('is_public', '=', 0)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('chats')
      .select([
        sql<
          string | number | null
        >`sum(size + message_count * ${sql.lit(MESSAGE_ROW_BYTES)} + coalesce(length(card_json), 0) + coalesce(length(chat_metadata), 0))`.as(
          'chats',
        ),
        sql<string | number | null>`sum(portrait_bytes)`.as('portraits'),
      ])
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('importing_since', 'is', null), eb('importing_since', '>', staleBefore)]))
      .executeTakeFirstOrThrow(),
  ]);
  return { cards: Number(cards.bytes ?? 0), chats: Number(chats.chats ?? 0), portraits: Number(chats.portraits ?? 0) };
}
