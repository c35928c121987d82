import type { CharacterUsageResponse, ChatGetResponse, ChatListResponse, ChatMessage, RecentChat } from '@core/contract';
import { LAST_MESSAGE_CHARS } from '@core/contract/constants';
import { membersOf } from '../../db/repositories/chatMembers';
import { countChatsOfImage, existingChatIds, findOwnChat, listChats } from '../../db/repositories/chats';
import {
  findOwnMessage,
  hasMessageBeyond,
  lastMessageStarts,
  messagesAfter,
  messagesAround,
  messagesBefore,
  messagesPage,
} from '../../db/repositories/messages';
import type { Chat } from '../../db/schema';
import { notFound } from '../../errors';
import { readableImage } from '../images/access';
import type { RequestUser } from '../users';
import { chatMessageOf, recentChatOf } from './wire';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { ServiceContext } from '../context';

type Db = Kysely<Database> | Transaction<Database>;

export const chatNotFound = () => notFound('Chat not found');

export async function ownChat(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<Chat> {
  const chat = await findOwnChat(ctx.db, user.id, chatId);
  if (!chat) throw chatNotFound();
  return chat;
}

/**
 * Chats as the recent list shows them, each with the start of its newest message and, for a branch,
 * whether its original is still there (one query for each, for all).
 */
export async function listItems(db: Db, chats: Chat[]): Promise<RecentChat[]> {
  const origins = [...new Set(chats.flatMap((chat) => (chat.branch_of ? [chat.branch_of] : [])))];
  const groups = chats.filter((chat) => chat.group_strategy !== null).map((chat) => chat.id);
  const [starts, present, members] = await Promise.all([
    lastMessageStarts(
      db,
      chats.map((chat) => chat.id),
      LAST_MESSAGE_CHARS,
    ),
    existingChatIds(db, origins),
    membersOf(db, groups),
  ]);
  return chats.map((chat) =>
    recentChatOf(chat, starts.get(chat.id) ?? null, chat.branch_of !== null && present.has(chat.branch_of), members),
  );
}

export async function listItem(db: Db, chat: Chat): Promise<RecentChat> {
  return (await listItems(db, [chat]))[0]!;
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
    data: await listItems(ctx.db, rows),
    page: query.page,
    page_size: query.page_size,
    total,
    total_pages: Math.ceil(total / query.page_size),
  };
}

export interface MessagesQuery {
  chat_id: string;
  page: number;
  page_size: number;
  before_seq?: number | undefined;
  after_seq?: number | undefined;
  around_seq?: number | undefined;
}

/** The page a query names: by number (1 = newest), or by key before, after or around a seq. */
function pageOf(db: Db, chatId: string, query: MessagesQuery) {
  if (query.around_seq !== undefined) return messagesAround(db, chatId, query.around_seq, query.page_size);
  if (query.after_seq !== undefined) return messagesAfter(db, chatId, query.after_seq, query.page_size);
  if (query.before_seq !== undefined) return messagesBefore(db, chatId, query.page_size, query.before_seq);
  return messagesPage(db, chatId, query.page, query.page_size);
}

/**
 * One page of a chat's messages, oldest first, and whether the chat goes on past either end of it:
 * what lets the window scroll on both ways (after a found message) and know where the chat starts.
 */
export async function chatMessages(ctx: ServiceContext, user: RequestUser, query: MessagesQuery): Promise<ChatGetResponse> {
  const chat = await ownChat(ctx, user, query.chat_id);
  const rows = await pageOf(ctx.db, chat.id, query);
  const first = rows.at(0);
  const last = rows.at(-1);
  const [hasBefore, hasAfter] = await Promise.all([
    first ? hasMessageBeyond(ctx.db, chat.id, 'before', Number(first.seq)) : false,
    last ? hasMessageBeyond(ctx.db, chat.id, 'after', Number(last.seq)) : false,
  ]);
  const total = Number(chat.message_count);
  return {
    success: true,
    data: rows.map(chatMessageOf),
    chat: await listItem(ctx.db, chat),
    page: query.page,
    page_size: query.page_size,
    total,
    total_pages: Math.ceil(total / query.page_size),
    has_before: hasBefore,
    has_after: hasAfter,
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
