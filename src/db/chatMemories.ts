import type { PinnedMemoryView } from '@core/contract';
import { db, type MemoryChange } from './db';

/** A change applied to a list of memories, as the server applies it (services/chats/memory/memories.ts). */
export function applyMemoryChange(memories: readonly PinnedMemoryView[], change: MemoryChange): PinnedMemoryView[] {
  if (change.kind === 'delete') return memories.filter((memory) => memory.id !== change.memory_id);
  const text = change.text ?? '';
  if (memories.some((memory) => memory.id === change.memory_id))
    return memories.map((memory) => (memory.id === change.memory_id ? { ...memory, text } : memory));
  return [...memories, { id: change.memory_id, text, message_id: change.message_id ?? null, created_at: change.created_at }];
}

/** The chat's memories as the device knows them (undefined: never pulled nor changed here). */
export async function memoriesOfChat(chatId: string): Promise<PinnedMemoryView[] | undefined> {
  return (await db.chatMemories.get(chatId))?.memories;
}

/** The chat's changes still waiting, oldest first. */
export function waitingMemoryChanges(chatId?: string): Promise<MemoryChange[]> {
  return chatId === undefined
    ? db.memoryOutbox.orderBy('created_at').toArray()
    : db.memoryOutbox.where('chat_id').equals(chatId).sortBy('created_at');
}

/** Applies a change on the device and queues it, in one transaction. */
export async function makeMemoryChangeLocally(change: MemoryChange): Promise<void> {
  await db.transaction('rw', db.chatMemories, db.memoryOutbox, async () => {
    const memories = (await db.chatMemories.get(change.chat_id))?.memories ?? [];
    await db.chatMemories.put({ chat_id: change.chat_id, memories: applyMemoryChange(memories, change) });
    await db.memoryOutbox.add(change);
  });
}

/** The server's list, with the changes still waiting made again on it. */
export async function storeServerMemories(chatId: string, memories: PinnedMemoryView[]): Promise<void> {
  await db.transaction('rw', db.chatMemories, db.memoryOutbox, async () => {
    const waiting = await db.memoryOutbox.where('chat_id').equals(chatId).sortBy('created_at');
    await db.chatMemories.put({ chat_id: chatId, memories: waiting.reduce(applyMemoryChange, memories) });
  });
}

export async function recordMemoryAttempt(clientId: string, error: string): Promise<void> {
  await db.memoryOutbox.update(clientId, (item) => {
    item.attempts += 1;
    item.last_error = error;
  });
}

export async function removeMemoryChange(clientId: string): Promise<void> {
  await db.memoryOutbox.delete(clientId);
}
