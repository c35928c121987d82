import { deleteChatsOfImage, deleteOwnChat } from '../../db/repositories/chats';
import { readableImage } from '../images/access';
import type { RequestUser } from '../users';
import { chatNotFound, ownChat } from './reads';
import type { ServiceContext } from '../context';

/** Deletes the chat with its messages, then its generated photo. */
export async function removeChat(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<void> {
  const chat = await ownChat(ctx, user, chatId);
  if (!(await deleteOwnChat(ctx.db, user.id, chat.id))) throw chatNotFound();
  if (chat.portrait_key) await ctx.blobs.delete(chat.portrait_key);
}

/**
 * Deletes the user's chats with a card the user can see. Another user's private card answers 404
 * like a missing one; a deleted card has no chats left to match (they were unlinked with it).
 */
export async function deleteCharacterChats(ctx: ServiceContext, user: RequestUser, imageId: string) {
  const image = await readableImage(ctx, imageId, user);
  return { success: true as const, deleted: await deleteChatsOfImage(ctx.db, user.id, image.id) };
}
