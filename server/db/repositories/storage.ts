import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * What messages take on disk, counted from their text, so the quota shows what an account really
 * stores. A message's row holds its text and about MESSAGE_ROW_BYTES more (ids, seq, role, name,
 * date); rows sit in pages of STORAGE_PAGE_BYTES (SQLite's), as many whole rows as fit, so a row of
 * 2.1 KB takes a page of its own; a row past a page's room goes on in overflow pages. Its two index
 * entries (id; chat and seq) take MESSAGE_INDEX_BYTES with the room a B-tree keeps free. A chat's
 * messages are counted at their average size (its `size` over `message_count`), which the same
 * formula in SQL below sums without reading a message. PostgreSQL compresses long text, so it
 * stores less than this counts.
 */
export const MESSAGE_ROW_BYTES = 140;
export const MESSAGE_INDEX_BYTES = 150;
const PAGE = 4096;
/** A leaf page's room for cells, and the most of a row it keeps before overflow pages. */
const PAGE_ROOM = 4088;
const MAX_LOCAL = 4061;
const OVERFLOW_ROOM = 4092;
/** A cell's pointer and header beside its row. */
const CELL_BYTES = 8;

/** The disk `count` messages of `textBytes` UTF-8 bytes in all take, by the rule above. */
export function messagesStoredBytes(count: number, textBytes: number): number {
  // No rows to size (a chat about to get its messages): its text as it is.
  if (count === 0) return textBytes;
  const row = Math.trunc(textBytes / count) + MESSAGE_ROW_BYTES;
  const perRow =
    row <= MAX_LOCAL
      ? Math.trunc(PAGE / Math.trunc(PAGE_ROOM / (row + CELL_BYTES)))
      : Math.trunc((row + OVERFLOW_ROOM - 1) / OVERFLOW_ROOM) * PAGE;
  return count * (perRow + MESSAGE_INDEX_BYTES);
}

/** messagesStoredBytes over a chats row's `size` and `message_count`, in SQL (integer division in SQLite and PostgreSQL alike). */
const chatMessagesBytesSql = sql<number>`case when message_count = 0 then size else message_count * (
  case when size / message_count + ${sql.lit(MESSAGE_ROW_BYTES)} <= ${sql.lit(MAX_LOCAL)}
    then ${sql.lit(PAGE)} / (${sql.lit(PAGE_ROOM)} / (size / message_count + ${sql.lit(MESSAGE_ROW_BYTES + CELL_BYTES)}))
    else ((size / message_count + ${sql.lit(MESSAGE_ROW_BYTES + OVERFLOW_ROOM - 1)}) / ${sql.lit(OVERFLOW_ROOM)}) * ${sql.lit(PAGE)}
  end + ${sql.lit(MESSAGE_INDEX_BYTES)}) end`;

/** A blob as a file system stores it: whole blocks of 4 KiB. */
export const blockBytes = (bytes: number) => Math.ceil(bytes / 4096) * 4096;

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
  return messagesStoredBytes(chat.message_count, chat.size) + (chat.card_json?.length ?? 0) + (chat.chat_metadata?.length ?? 0);
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
        sql<string | number | null>`sum(${chatMessagesBytesSql} + coalesce(length(card_json), 0) + coalesce(length(chat_metadata), 0))`.as(
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
