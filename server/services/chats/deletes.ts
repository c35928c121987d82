import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { chatsOfImage, deleteOwnChat } from '../../db/repositories/chats';
import { deleteMessagesFrom, nextSeq } from '../../db/repositories/messages';
import type { Chat, Database } from '../../db/schema';
import { emitEvent } from '../../events/emit';
import { readableImage } from '../images/access';
import type { RequestUser } from '../users';
import { chatNotFound, ownChat } from './reads';
import type { ServiceContext } from '../context';

/** Messages deleted at a time: a few milliseconds of the database's work. */
const DELETE_STEP = 2_000;

/**
 * Deletes a chat: its messages a step at a time, newest first, with a turn for other requests between
 * (one statement deleting 50,000 rows would hold SQLite's one connection, and everyone, meanwhile),
 * then the chat itself; false when it was already gone.
 */
async function deleteChatInSteps(db: Kysely<Database>, userId: string, chat: Chat): Promise<boolean> {
  for (let from = (await nextSeq(db, chat.id)) - DELETE_STEP; from > 0; from -= DELETE_STEP) {
    await deleteMessagesFrom(db, chat.id, from);
    await nextTurn();
  }
  return db.transaction().execute(async (trx) => {
    const deleted = await deleteOwnChat(trx, userId, chat.id);
    if (deleted) await emitEvent(trx, userId, 'chat.deleted', { chat_id: chat.id });
    return deleted;
  });
}

/** Deletes the chat with its messages, then its generated photo. */
export async function removeChat(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<void> {
  const chat = await ownChat(ctx, user, chatId);
  if (!(await deleteChatInSteps(ctx.db, user.id, chat))) throw chatNotFound();
  if (chat.portrait_key) await ctx.blobs.delete(chat.portrait_key);
}

/**
 * Deletes the user's chats with a card the user can see. Another user's private card answers 404
 * like a missing one; a deleted card has no chats left to match (they were unlinked with it).
 */
export async function deleteCharacterChats(ctx: ServiceContext, user: RequestUser, imageId: string) {
  const image = await readableImage(ctx, imageId, user);
  let deleted = 0;
  for (const chat of await chatsOfImage(ctx.db, user.id, image.id)) if (await deleteChatInSteps(ctx.db, user.id, chat)) deleted += 1;
  return { success: true as const, deleted };
}
