import Dexie from 'dexie';
import type { CompletionRequest, CompletionResult } from '../../core/contract';
import { lastSeq, markFailed, markPending, storeCompletion, writePendingMessage, type ChatSeed } from './chatMessages';
import { db, type LocalMessage, type OutboxItem } from './db';

const ofChat = (chatId: string) => db.outbox.where('[chat_id+created_at]').between([chatId, Dexie.minKey], [chatId, Dexie.maxKey], true, true);

/**
 * Writes a typed message and queues it in one transaction, so a crash can never leave a message that
 * shows as pending but is never sent, nor a queued send whose message is gone.
 */
export async function enqueueMessage(
  seed: ChatSeed,
  message: { clientId: string; content: string; name: string; sendDate: string },
  request: CompletionRequest,
): Promise<LocalMessage> {
  return db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    const row = await writePendingMessage(seed, message);
    await db.outbox.add(newItem(row.id, seed.chat_id, message.sendDate, request));
    return row;
  });
}

/**
 * Queues a failed message again under its own client id (the server then never stores it twice). It
 * goes after what already waits: the user asked for it now.
 */
export async function requeueMessage(row: LocalMessage, request: CompletionRequest): Promise<void> {
  await db.transaction('rw', [db.messages, db.outbox], async () => {
    await markPending(row.id);
    await db.outbox.put(newItem(row.client_id ?? row.id, row.chat_id, new Date().toISOString(), request));
  });
}

function newItem(clientId: string, chatId: string, createdAt: string, request: CompletionRequest): OutboxItem {
  return { client_id: clientId, chat_id: chatId, created_at: createdAt, request, attempts: 0, last_error: null };
}

/** A queued message with the seq its reply streams in at: right after the message's row. */
export interface QueuedSend {
  item: OutboxItem;
  replySeq: number;
}

/** The chat's oldest waiting message: the only one of the chat that may be sent next. */
export async function nextItem(chatId: string): Promise<QueuedSend | undefined> {
  return (await queuedSends(chatId, { head: true }))[0];
}

/** The chat's waiting messages, oldest first, read in one transaction (the replay sends many). */
export function queuedSends(chatId: string, { head = false } = {}): Promise<QueuedSend[]> {
  return db.transaction('r', db.outbox, db.messages, async () => {
    const items = head ? [await ofChat(chatId).first()].filter((item) => item !== undefined) : await ofChat(chatId).toArray();
    const rows = await db.messages.bulkGet(items.map((item) => item.client_id));
    const fallback = rows.includes(undefined) ? await lastSeq(chatId) : 0;
    return items.map((item, i) => ({ item, replySeq: (rows[i]?.seq ?? fallback) + 1 }));
  });
}

/** Every chat with waiting messages, the one with the oldest first. */
export async function waitingChats(): Promise<string[]> {
  const items = await db.outbox.orderBy('created_at').toArray();
  return [...new Set(items.map((item) => item.chat_id))];
}

/** The chat's waiting messages, for the window to tell waiting from sending and show the last error. */
export function chatOutbox(chatId: string): Promise<OutboxItem[]> {
  return ofChat(chatId).toArray();
}

/** A send that did not get through; the message keeps waiting. */
export async function recordAttempt(clientId: string, error: string): Promise<void> {
  await db.outbox
    .where('client_id')
    .equals(clientId)
    .modify((item) => {
      item.attempts += 1;
      item.last_error = error;
    });
}

export async function removeItem(clientId: string): Promise<void> {
  await db.outbox.delete(clientId);
}

/** The server stored the message: its rows are swapped in and it leaves the outbox, together. */
export async function completeItem(clientId: string, result: CompletionResult, replaced: string[]): Promise<void> {
  await db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    await storeCompletion(result, replaced);
    await db.outbox.delete(clientId);
  });
}

/** The server refused the message: it is failed with the reason (Retry queues it again) and leaves the outbox. */
export async function failItem(clientId: string, rowId: string, reason: string): Promise<void> {
  await db.transaction('rw', [db.messages, db.outbox], async () => {
    await markFailed(rowId, reason);
    await db.outbox.delete(clientId);
  });
}
