/**
 * A chat's pinned memories, kept in its chat_metadata (core/chat/memory): listed, written (a PUT by
 * the client's id, so a replay writes once) and deleted (metadata.ts: under the chat's lock, within the quota).
 */
import { memoriesOf, withMemories, type PinnedMemory } from '@core/chat/index';
import type { ChatMemories, PutChatMemory } from '@core/contract';
import { MEMORY_LIMITS } from '@core/contract/constants';
import { findOwnChat } from '../../../db/repositories/chats';
import { findMessages } from '../../../db/repositories/messages';
import { AppError, badRequest, notFound } from '../../../errors';
import type { ServiceContext } from '../../context';
import type { RequestUser } from '../../users';
import { chatNotFound } from '../reads';
import { metadataOf } from '../timedLore';
import { changeChatMetadata } from './metadata';

/** The memories of the user's chat; 404 for a chat that is not theirs. */
export async function listMemories(ctx: ServiceContext, user: RequestUser, chatId: string): Promise<ChatMemories> {
  const chat = await findOwnChat(ctx.db, user.id, chatId);
  if (!chat) throw chatNotFound();
  return { memories: memoriesOf(metadataOf(chat.chat_metadata)) };
}

type Change = (memories: PinnedMemory[]) => PinnedMemory[];

async function changeMemories(ctx: ServiceContext, user: RequestUser, chatId: string, change: Change): Promise<ChatMemories> {
  let after: PinnedMemory[] = [];
  await changeChatMetadata(ctx, user, chatId, (metadata) => {
    after = change(memoriesOf(metadata));
    return withMemories(metadata, after);
  });
  return { memories: after };
}

/** Writes a memory: a new one at the end, or the one with this id changed in place. */
export async function putMemory(
  ctx: ServiceContext,
  user: RequestUser,
  chatId: string,
  memoryId: string,
  body: PutChatMemory,
): Promise<ChatMemories> {
  const text = body.text.trim();
  if (!text) throw badRequest('memory_blank', 'Write what the AI should remember.');
  const messageId = body.message_id ?? null;
  if (messageId) {
    const [message] = await findMessages(ctx.db, [messageId]);
    if (message?.chat_id !== chatId) throw notFound('Message not found');
  }
  return changeMemories(ctx, user, chatId, (memories) => {
    const at = memories.findIndex((memory) => memory.id === memoryId);
    if (at >= 0) return memories.map((memory, i) => (i === at ? { ...memory, text } : memory));
    if (memories.length >= MEMORY_LIMITS.count)
      throw new AppError(409, 'memory_limit', `A chat keeps at most ${MEMORY_LIMITS.count} memories: delete one first.`);
    return [...memories, { id: memoryId, text, message_id: messageId, created_at: new Date().toISOString() }];
  });
}

/** Deletes a memory; one already gone is not an error (a replay of the same delete). */
export function deleteMemory(ctx: ServiceContext, user: RequestUser, chatId: string, memoryId: string): Promise<ChatMemories> {
  return changeMemories(ctx, user, chatId, (memories) => memories.filter((memory) => memory.id !== memoryId));
}
