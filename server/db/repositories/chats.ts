import { sql, type Kysely, type Transaction } from 'kysely';
import { lowerContains } from '../like';
import type { Chat, Database, NewChat } from '../schema';
import { STALE_IMPORT_MS } from './storage';

type Db = Kysely<Database> | Transaction<Database>;

/** The user's chat, or undefined (another user's chat is as absent as a missing one). */
export function findOwnChat(db: Db, userId: string, chatId: string): Promise<Chat | undefined> {
  return db.selectFrom('chats').selectAll().where('id', '=', chatId).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's chats among `chatIds` (others' are left out). */
export function findOwnChats(db: Db, userId: string, chatIds: string[]): Promise<Chat[]> {
  if (chatIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('chats').selectAll().where('id', 'in', chatIds).where('user_id', '=', userId).execute();
}

/** Which of these chats exist (a branch's original may have been deleted). */
export async function existingChatIds(db: Db, chatIds: string[]): Promise<Set<string>> {
  if (chatIds.length === 0) return new Set();
  const rows = await db.selectFrom('chats').select('id').where('id', 'in', chatIds).execute();
  return new Set(rows.map((row) => row.id));
}

/** The titles of the user's chats whose title starts with `prefix` (a branch's siblings, to number it). */
export async function titlesStartingWith(db: Db, userId: string, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('chats')
    .select('title')
    .where('user_id', '=', userId)
    .where((eb) => eb(eb.fn('substr', ['title', eb.lit(1), eb.val([...prefix].length)]), '=', prefix))
    .execute();
  return rows.flatMap((row) => (row.title === null ? [] : [row.title]));
}

/** The user's shown chats with this character that began at this moment: an imported file's earlier copies. */
export function chatsBegunAt(db: Db, userId: string, characterName: string, createdAt: string): Promise<Chat[]> {
  return db
    .selectFrom('chats')
    .selectAll()
    .where('user_id', '=', userId)
    .where('character_name', '=', characterName)
    .where('created_at', '=', createdAt)
    .where('importing_since', 'is', null)
    .execute();
}

export function findChatById(db: Db, chatId: string): Promise<Chat | undefined> {
  return db.selectFrom('chats').selectAll().where('id', '=', chatId).executeTakeFirst();
}

export async function insertChat(db: Db, chat: NewChat): Promise<void> {
  await db.insertInto('chats').values(chat).execute();
}

/**
 * Takes the chat's row lock before a write that numbers messages: two sends to one chat then take
 * turns on both databases, so `seq` never collides.
 */
export async function lockChat(db: Transaction<Database>, chatId: string): Promise<void> {
  await db
    .updateTable('chats')
    .set({ updated_at: sql`updated_at` })
    .where('id', '=', chatId)
    .execute();
}

/**
 * Applies a change in messages to the chat's count, size (UTF-8 bytes) and last message time; the
 * time only moves forward (a message written offline may carry an earlier one). ISO-8601 text
 * compares as time on both databases.
 */
export async function adjustChatTotals(
  db: Db,
  chatId: string,
  change: { count: number; bytes: number; lastMessageAt?: string | undefined },
  now: string,
): Promise<void> {
  const last = change.lastMessageAt;
  await db
    .updateTable('chats')
    .set((eb) => ({
      message_count: eb('message_count', '+', change.count),
      size: eb('size', '+', change.bytes),
      ...(last ? { last_message_at: sql<string>`case when last_message_at < ${last} then ${last} else last_message_at end` } : {}),
      updated_at: now,
    }))
    .where('id', '=', chatId)
    .execute();
}

/** The chat's SillyTavern chat_metadata (JSON text, null for none). */
export async function setChatMetadata(db: Db, chatId: string, metadata: string | null): Promise<void> {
  await db.updateTable('chats').set({ chat_metadata: metadata }).where('id', '=', chatId).execute();
}

/** After a delete: the chat's last message time is its newest remaining message's (its creation when none is left). */
export async function resetLastMessageAt(db: Db, chatId: string): Promise<void> {
  await db
    .updateTable('chats')
    .set((eb) => ({
      last_message_at: eb.fn.coalesce(
        eb
          .selectFrom('messages')
          .select((inner) => inner.fn.max('send_date').as('latest'))
          .where('messages.chat_id', '=', chatId),
        eb.ref('created_at'),
      ),
    }))
    .where('id', '=', chatId)
    .execute();
}

export interface ChatListFilter {
  imageId?: string | undefined;
  /** A substring of the character's name or of the chat's title, any case. */
  name?: string | undefined;
}

/** The user's chats as they see them: not those an import is still writing. */
function usersChats(db: Db, userId: string) {
  return db.selectFrom('chats').where('chats.user_id', '=', userId).where('chats.importing_since', 'is', null);
}

function filtered(db: Db, userId: string, filter: ChatListFilter) {
  let query = usersChats(db, userId);
  if (filter.imageId) query = query.where('chats.image_id', '=', filter.imageId);
  const name = filter.name;
  if (name) query = query.where((eb) => eb.or([lowerContains('chats.character_name', name), lowerContains('chats.title', name)]));
  return query;
}

export async function listChats(db: Db, userId: string, filter: ChatListFilter, page: { limit: number; offset: number }) {
  const [rows, { total }] = await Promise.all([
    filtered(db, userId, filter)
      .selectAll('chats')
      .orderBy('chats.last_message_at', 'desc')
      .orderBy('chats.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, userId, filter)
      .select((eb) => eb.fn.countAll<string | number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total) };
}

export async function deleteOwnChat(db: Db, userId: string, chatId: string): Promise<boolean> {
  const result = await db.deleteFrom('chats').where('id', '=', chatId).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countChatsOfImage(db: Db, userId: string, imageId: string): Promise<number> {
  const { count } = await usersChats(db, userId)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('image_id', '=', imageId)
    .executeTakeFirstOrThrow();
  return Number(count);
}

export function chatsOfImage(db: Db, userId: string, imageId: string): Promise<Chat[]> {
  return usersChats(db, userId).selectAll().where('image_id', '=', imageId).execute();
}

export async function deleteChats(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('chats').where('id', 'in', ids).execute();
}

/** Shows imported chats once all their messages are in. */
export async function finishImport(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.updateTable('chats').set({ importing_since: null }).where('id', 'in', ids).execute();
}

/** Chats an import began long ago and never finished (the server stopped meanwhile), anyone's. */
export async function deleteStaleImports(db: Db, now: Date): Promise<void> {
  const before = new Date(now.getTime() - STALE_IMPORT_MS).toISOString();
  await db.deleteFrom('chats').where('importing_since', '<', before).execute();
}

/** A replaced card's chats follow it to the new card (and its name). */
export async function moveChatsToImage(
  db: Db,
  userId: string,
  fromImageId: string,
  to: { imageId: string; name: string; cardType: 'public' | 'user' },
  now: string,
) {
  const result = await db
    .updateTable('chats')
    .set({ image_id: to.imageId, character_name: to.name, card_type: to.cardType, updated_at: now })
    .where('user_id', '=', userId)
    .where('image_id', '=', fromImageId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** An edited card's chats (everyone's, for a public card) take its new name and kind. */
export async function renameChatsOfImage(
  db: Db,
  imageId: string,
  to: { name: string; cardType: 'public' | 'user' },
  now: string,
): Promise<void> {
  await db
    .updateTable('chats')
    .set({ character_name: to.name, card_type: to.cardType, updated_at: now })
    .where('image_id', '=', imageId)
    .where((eb) => eb.or([eb('character_name', '!=', to.name), eb('card_type', '!=', to.cardType)]))
    .execute();
}

/** The chat's new title (null: the character's name again). */
export async function setChatTitle(db: Db, chatId: string, title: string | null, now: string): Promise<void> {
  await db.updateTable('chats').set({ title, updated_at: now }).where('id', '=', chatId).execute();
}

/** False when the chat is gone (deleted meanwhile). */
export async function setChatPortrait(db: Db, chatId: string, portrait: { key: string; bytes: number }, now: string): Promise<boolean> {
  const result = await db
    .updateTable('chats')
    .set({ portrait_key: portrait.key, portrait_bytes: portrait.bytes, updated_at: now })
    .where('id', '=', chatId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The user's most recent chat with each of the given cards: card id → chat id. */
export async function latestChatPerImage(db: Db, userId: string, imageIds: string[]): Promise<Map<string, string>> {
  if (imageIds.length === 0) return new Map();
  const rows = await usersChats(db, userId)
    .select(['id', 'image_id'])
    .where('image_id', 'in', imageIds)
    .orderBy('last_message_at', 'desc')
    .execute();
  const latest = new Map<string, string>();
  for (const row of rows) if (!latest.has(row.image_id!)) latest.set(row.image_id!, row.id);
  return latest;
}
