import type { ChatGetResponse, ChatListResponse, ChatMessage, CharacterUsageResponse } from '@core/contract';
import { countChatsOfImage, findOwnChat, listChats } from '../../db/repositories/chats';
import { findOwnMessage, messagesBefore, messagesPage } from '../../db/repositories/messages';
import type { Chat } from '../../db/schema';
import { notFound } from '../../errors';
import { readableImage } from '../images/access';
import type { RequestUser } from '../users';
import { chatMessageOf, recentChatOf } from './wire';
import type { ServiceContext } from '../context';

export const chatNotFound = () => notFound('Chat not found');

export async function ownChat(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<Chat> {
  const chat = await findOwnChat(ctx.db, user.id, chatId);
  if (!chat) throw chatNotFound();
  return chat;
}

export async function chatList(
  ctx: ServiceContext,
  user: RequestUser,
  query: { character_id?: string | undefined; q?: string | undefined; page: number; page_size: number },
): Promise<ChatListResponse> {
  const { rows, total } = await listChats(
    ctx.db,
    user.id,
    { imageId: query.character_id, name: query.q?.trim() || undefined },
    { limit: query.page_size, offset: (query.page - 1) * query.page_size },
  );
  return {
    success: true,
    data: rows.map(recentChatOf),
    page: query.page,
    page_size: query.page_size,
    total,
    total_pages: Math.ceil(total / query.page_size),
  };
}

/** Page 1 is the newest messages; `before_seq` pages by key instead of by number. Each page oldest first. */
export async function chatMessages(
  ctx: ServiceContext,
  user: RequestUser,
  query: { chat_id: string; page: number; page_size: number; before_seq?: number | undefined },
): Promise<ChatGetResponse> {
  const chat = await ownChat(ctx, user, query.chat_id);
  const rows =
    query.before_seq === undefined
      ? await messagesPage(ctx.db, chat.id, query.page, query.page_size)
      : await messagesBefore(ctx.db, chat.id, query.page_size, query.before_seq);
  const total = Number(chat.message_count);
  return {
    success: true,
    data: rows.map(chatMessageOf),
    chat: recentChatOf(chat),
    page: query.page,
    page_size: query.page_size,
    total,
    total_pages: Math.ceil(total / query.page_size),
  };
}

export async function ownMessage(ctx: ServiceContext, user: RequestUser, id: string): Promise<ChatMessage> {
  const message = await findOwnMessage(ctx.db, user.id, id);
  if (!message) throw notFound('Message not found');
  return chatMessageOf(message);
}

/** Whether the user has chats with a card (asked before deleting it). */
export async function characterUsage(ctx: ServiceContext, user: RequestUser, imageId: string): Promise<CharacterUsageResponse> {
  const image = await readableImage(ctx, imageId, user);
  const count = await countChatsOfImage(ctx.db, user.id, image.id);
  return { has_chats: count > 0, chat_count: count, character_name: image.card_name };
}
