/** A chat's author's note, kept in its chat_metadata in SillyTavern's own keys (core/chat/memory/authorsNote.ts). */
import { authorsNoteOf, withAuthorsNote } from '@core/chat/index';
import type { ChatNote } from '@core/contract';
import { findOwnChat, lockChat, setChatMetadata } from '../../../db/repositories/chats';
import type { ServiceContext } from '../../context';
import { checkStorageRoom } from '../../storage';
import type { RequestUser } from '../../users';
import { chatNotFound } from '../reads';
import { metadataOf } from '../timedLore';

/** The note of the user's chat (SillyTavern's defaults when none was set); 404 for a chat that is not theirs. */
export async function chatNote(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<ChatNote> {
  const chat = await findOwnChat(ctx.db, user.id, chatId);
  if (!chat) throw chatNotFound();
  return authorsNoteOf(metadataOf(chat.chat_metadata));
}

/** Replaces the chat's note, under the chat's lock (the reply writes the same column). */
export async function putChatNote(ctx: ServiceContext, user: RequestUser, chatId: string, note: ChatNote): Promise<ChatNote> {
  return ctx.db.transaction().execute(async (trx) => {
    if (!(await findOwnChat(trx, user.id, chatId))) throw chatNotFound();
    await lockChat(trx, chatId);
    const chat = await findOwnChat(trx, user.id, chatId);
    if (!chat) throw chatNotFound();
    const kept = { ...note, text: note.text.trim() };
    const json = JSON.stringify(withAuthorsNote(metadataOf(chat.chat_metadata), kept));
    const growth = json.length - (chat.chat_metadata?.length ?? 0);
    if (growth > 0) await checkStorageRoom(trx, user, growth);
    await setChatMetadata(trx, chatId, json);
    return kept;
  });
}
