import type { Kysely } from 'kysely';
import type { BlobStore } from '../../blobs/store';
import { deleteChatsOfImage, deleteOwnChat } from '../../db/repositories/chats';
import type { Database } from '../../db/schema';
import { readableImage } from '../images';
import type { RequestUser } from '../users';
import { chatNotFound, ownChat } from './reads';

/** Deletes the chat with its messages, then its generated photo. */
export async function removeChat(db: Kysely<Database>, blobs: BlobStore, user: RequestUser, chatId: string): Promise<void> {
  const chat = await ownChat(db, user, chatId);
  if (!(await deleteOwnChat(db, user.id, chat.id))) throw chatNotFound();
  if (chat.portrait_key) await blobs.delete(chat.portrait_key);
}

/**
 * Deletes the user's chats with a card the user can see. Another user's private card answers 404
 * like a missing one; a deleted card has no chats left to match (they were unlinked with it).
 */
export async function deleteCharacterChats(db: Kysely<Database>, user: RequestUser, imageId: string) {
  const image = await readableImage(db, imageId, user);
  return { success: true as const, deleted: await deleteChatsOfImage(db, user.id, image.id) };
}
