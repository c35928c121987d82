/** A chat's author's note, kept in its chat_metadata in SillyTavern's own keys (core/chat/memory/authorsNote.ts). */
import { authorsNoteOf, withAuthorsNote } from '@core/chat/index';
import type { ChatNote } from '@core/contract';
import { findOwnChat } from '../../../db/repositories/chats';
import type { ServiceContext } from '../../context';
import type { RequestUser } from '../../users';
import { chatNotFound } from '../reads';
import { metadataOf } from '../timedLore';
import { changeChatMetadata } from './metadata';

/** The note of the user's chat (SillyTavern's defaults when none was set); 404 for a chat that is not theirs. */
export async function chatNote(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<ChatNote> {
  const chat = await findOwnChat(ctx.db, user.id, chatId);
  if (!chat) throw chatNotFound();
  return authorsNoteOf(metadataOf(chat.chat_metadata));
}

/** Replaces the chat's note. */
export async function putChatNote(ctx: ServiceContext, user: RequestUser, chatId: string, note: ChatNote): Promise<ChatNote> {
  const kept = { ...note, text: note.text.trim() };
  await changeChatMetadata(ctx, user, chatId, (metadata) => withAuthorsNote(metadata, kept));
  return kept;
}
