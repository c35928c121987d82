import type { ChatNote, ChatSummary, PinnedMemoryView } from '@core/contract';
import { db } from './db';
import type { MemoryChange } from './storyRows';

/** A change applied to a list of memories, as the server applies it (services/chats/memory/memories.ts). */
export function applyMemoryChange(memories: readonly PinnedMemoryView[], change: MemoryChange): PinnedMemoryView[] {
  if (change.kind === 'note' || change.kind === 'summary') return [...memories];
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

/** The chat's author's note as the device knows it (undefined: never pulled nor changed here). */
export async function noteOfChat(chatId: string): Promise<ChatNote | undefined> {
  return (await db.chatMemories.get(chatId))?.note;
}

/** The chat's summary as the device knows it (undefined: never pulled nor changed here). */
export async function summaryOfChat(chatId: string): Promise<ChatSummary | undefined> {
  return (await db.chatMemories.get(chatId))?.summary;
}

/** The summary after the waiting changes: the last one set wins (an edited text is the person's, no longer the demo's). */
const summaryAfter = (summary: ChatSummary | undefined, changes: readonly MemoryChange[]) =>
  changes.reduce<ChatSummary | undefined>((current, change) => {
    if (change.kind !== 'summary' || !change.summary) return current;
    const base = current ?? { text: '', off: false, covers: 0, updated_at: null, demo: false };
    const text = change.summary.text.trim();
    return { ...base, ...change.summary, text, demo: base.demo && text === base.text, updated_at: change.created_at };
  }, summary);

/** The note after the waiting changes: the last one set wins. */
const noteAfter = (note: ChatNote | undefined, changes: readonly MemoryChange[]) =>
  changes.reduce((current, change) => (change.kind === 'note' && change.note ? change.note : current), note);

/** The chat's changes still waiting, oldest first. */
export function waitingMemoryChanges(chatId?: string): Promise<MemoryChange[]> {
  return chatId === undefined
    ? db.memoryOutbox.orderBy('created_at').toArray()
    : db.memoryOutbox.where('chat_id').equals(chatId).sortBy('created_at');
}

/** Applies a change on the device and queues it, in one transaction. */
export async function makeMemoryChangeLocally(change: MemoryChange): Promise<void> {
  await db.transaction('rw', db.chatMemories, db.memoryOutbox, async () => {
    const current = await db.chatMemories.get(change.chat_id);
    const memories = applyMemoryChange(current?.memories ?? [], change);
    const note = noteAfter(current?.note, [change]);
    const summary = summaryAfter(current?.summary, [change]);
    await db.chatMemories.put({ chat_id: change.chat_id, memories, ...(note ? { note } : {}), ...(summary ? { summary } : {}) });
    await db.memoryOutbox.add(change);
  });
}

/** The server's list, note and summary, with the changes still waiting made again on them. */
export async function storeServerMemories(
  chatId: string,
  memories: PinnedMemoryView[],
  note: ChatNote,
  summary: ChatSummary,
): Promise<void> {
  await db.transaction('rw', db.chatMemories, db.memoryOutbox, async () => {
    const waiting = await db.memoryOutbox.where('chat_id').equals(chatId).sortBy('created_at');
    await db.chatMemories.put({
      chat_id: chatId,
      memories: waiting.reduce(applyMemoryChange, memories),
      note: noteAfter(note, waiting)!,
      summary: summaryAfter(summary, waiting)!,
    });
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
