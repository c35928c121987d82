import type { Kysely, Transaction, Updateable } from 'kysely';
import type { Database, Message, MessagesTable, NewMessage } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The seq the next message of the chat gets (call under lockChat). */
export async function nextSeq(db: Db, chatId: string): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('seq').as('max'))
    .where('chat_id', '=', chatId)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
}

export async function insertMessages(db: Db, messages: NewMessage[]): Promise<void> {
  // Chunked: a long imported chat would pass PostgreSQL's 65,535 bind parameters in one statement.
  for (let start = 0; start < messages.length; start += 500) {
    await db
      .insertInto('messages')
      .values(messages.slice(start, start + 500))
      .execute();
  }
}

/** The highest seq of the chat's messages of one role, or undefined when it has none. */
export async function lastSeqOfRole(db: Db, chatId: string, role: Message['role']): Promise<number | undefined> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.max('seq').as('max'))
    .where('chat_id', '=', chatId)
    .where('role', '=', role)
    .executeTakeFirst();
  return row?.max === null || row?.max === undefined ? undefined : Number(row.max);
}

/** A message of one of the user's chats, or undefined. */
export function findOwnMessage(db: Db, userId: string, id: string): Promise<Message | undefined> {
  return db
    .selectFrom('messages')
    .innerJoin('chats', 'chats.id', 'messages.chat_id')
    .selectAll('messages')
    .where('messages.id', '=', id)
    .where('chats.user_id', '=', userId)
    .executeTakeFirst();
}

export function findMessages(db: Db, ids: string[]): Promise<Message[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('messages').selectAll().where('id', 'in', ids).execute();
}

/** The newest `limit` messages before `beforeSeq` (all when undefined), oldest first. */
export async function messagesBefore(db: Db, chatId: string, limit: number, beforeSeq?: number): Promise<Message[]> {
  let query = db.selectFrom('messages').selectAll().where('chat_id', '=', chatId);
  if (beforeSeq !== undefined) query = query.where('seq', '<', beforeSeq);
  const rows = await query.orderBy('seq', 'desc').limit(limit).execute();
  return rows.reverse();
}

/** Page n (1 = newest) of `size` messages, oldest first. */
export async function messagesPage(db: Db, chatId: string, page: number, size: number): Promise<Message[]> {
  const rows = await db
    .selectFrom('messages')
    .selectAll()
    .where('chat_id', '=', chatId)
    .orderBy('seq', 'desc')
    .limit(size)
    .offset((page - 1) * size)
    .execute();
  return rows.reverse();
}

/**
 * `size` messages around `seq`: those before it and those from it on, as evenly as the chat allows
 * (near either end the page takes more from the other side), oldest first.
 */
export async function messagesAround(db: Db, chatId: string, seq: number, size: number): Promise<Message[]> {
  const [before, from] = await Promise.all([messagesBefore(db, chatId, size, seq), messagesAfter(db, chatId, seq - 1, size)]);
  const fromCount = Math.min(from.length, Math.max(size - before.length, Math.ceil(size / 2)));
  const beforeCount = Math.min(before.length, size - fromCount);
  return [...before.slice(before.length - beforeCount), ...from.slice(0, fromCount)];
}

/** Whether the chat has a message older than `seq` (`before`) or newer than it (`after`). */
export async function hasMessageBeyond(db: Db, chatId: string, side: 'before' | 'after', seq: number): Promise<boolean> {
  const row = await db
    .selectFrom('messages')
    .select('seq')
    .where('chat_id', '=', chatId)
    .where('seq', side === 'before' ? '<' : '>', seq)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The start (at most `chars` characters) of the newest message of each chat, by chat id; a chat with
 * no message is absent. One statement for a page of chats: per chat one step back from the end of
 * the (chat_id, seq) index, whatever the chats' lengths.
 */
export async function lastMessageStarts(db: Db, chatIds: string[], chars: number): Promise<Map<string, string>> {
  if (chatIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('chats')
    .select((eb) => [
      'chats.id',
      eb
        .selectFrom('messages')
        .select((inner) => inner.fn<string>('substr', ['messages.content', inner.lit(1), inner.lit(chars)]).as('start'))
        .whereRef('messages.chat_id', '=', 'chats.id')
        .orderBy('messages.seq', 'desc')
        .limit(1)
        .as('start'),
    ])
    .where('chats.id', 'in', chatIds)
    .execute();
  return new Map(rows.flatMap((row) => (row.start === null ? [] : [[row.id, row.start]])));
}

export function allMessages(db: Db, chatId: string): Promise<Message[]> {
  return db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).orderBy('seq').execute();
}

/** The chat's messages up to and including `seq`, in order (what a branch copies). */
export function messagesThrough(db: Db, chatId: string, seq: number): Promise<Message[]> {
  return db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).where('seq', '<=', seq).orderBy('seq').execute();
}

/** The messages after `seq`, in order; at most `limit` of them when given (a page of a long chat). */
export function messagesAfter(db: Db, chatId: string, seq: number, limit?: number): Promise<Message[]> {
  const query = db.selectFrom('messages').selectAll().where('chat_id', '=', chatId).where('seq', '>', seq).orderBy('seq');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

/** The chat's messages from `seq` on (their text only: what a delete needs to count them). */
export function textsFrom(db: Db, chatId: string, seq: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'content', 'swipes', 'swipe_id'])
    .where('chat_id', '=', chatId)
    .where('seq', '>=', seq)
    .execute();
}

/** Deletes the chat's messages from `seq` on (the newest ones). */
export async function deleteMessagesFrom(db: Db, chatId: string, seq: number): Promise<void> {
  await db.deleteFrom('messages').where('chat_id', '=', chatId).where('seq', '>=', seq).execute();
}

export async function updateMessage(db: Db, id: string, changes: Updateable<MessagesTable>): Promise<void> {
  await db.updateTable('messages').set(changes).where('id', '=', id).execute();
}

export async function deleteMessages(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('messages').where('id', 'in', ids).execute();
}
