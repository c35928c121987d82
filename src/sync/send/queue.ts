import Dexie from 'dexie';
import type { CompletionRequest } from '@core/contract';
import { db, type MessageChange, type MessageSend, type OutboxItem } from '../../db/db';

/** A chat's outbox entries, oldest first: the order in which they reach the server. */
export const ofChat = (chatId: string) =>
  db.outbox.where('[chat_id+created_at]').between([chatId, Dexie.minKey], [chatId, Dexie.maxKey], true, true);

/**
 * When a new entry of the chat is queued (ISO-8601): `at`, or just after `newest` (the chat's newest
 * entry) when that has the same time or later. An edit and a delete made within one millisecond
 * still go in the order they were made (the index orders equal times by their random client ids).
 */
export function queuedAt(newest: OutboxItem | undefined, at: number): string {
  const after = newest ? Date.parse(newest.created_at) + 1 : -Infinity;
  return new Date(Math.max(at, after)).toISOString();
}

/** A message's outbox entry: the request as it will be sent, under its client id (the Idempotency-Key). */
export function newSend(clientId: string, chatId: string, createdAt: string, request: CompletionRequest): MessageSend {
  return { kind: 'message', client_id: clientId, chat_id: chatId, created_at: createdAt, request, attempts: 0, last_error: null };
}

/** The chat's last message on the device, by seq. */
export const lastRow = (chatId: string) =>
  db.messages.where('[chat_id+seq]').between([chatId, Dexie.minKey], [chatId, Dexie.maxKey], true, true).last();

/** A queued message with the seq its reply streams in at (right after the message's row), or a queued change. */
export type QueuedSend = { item: MessageSend; replySeq: number } | { item: MessageChange };

/** A delete inside its Undo window (ms since epoch when it may go): nothing of its chat goes before it. */
export const heldUntil = (item: OutboxItem, now = Date.now()) =>
  item.kind !== 'message' && item.hold_until !== undefined && item.hold_until > now ? item.hold_until : undefined;

/** The chat's waiting messages and changes, oldest first, read in one transaction (a replay sends many). */
export function queuedSends(chatId: string): Promise<QueuedSend[]> {
  return db.transaction('r', db.outbox, db.messages, async () => {
    const items = await ofChat(chatId).toArray();
    const rows = await db.messages.bulkGet(items.map((item) => item.client_id));
    // A message whose row is gone still gets a reply seq: after the chat's last row.
    const fallback = rows.includes(undefined) ? ((await lastRow(chatId))?.seq ?? 0) : 0;
    return items.map((item, i) => (item.kind === 'message' ? { item, replySeq: (rows[i]?.seq ?? fallback) + 1 } : { item }));
  });
}

/** Every chat with waiting messages or changes, the one with the oldest first. */
export async function waitingChats(): Promise<string[]> {
  const items = await db.outbox.orderBy('created_at').toArray();
  return [...new Set(items.map((item) => item.chat_id))];
}

/** The chat's waiting messages and changes, for the window to tell waiting from sending and show the last error. */
export function chatOutbox(chatId: string): Promise<OutboxItem[]> {
  return ofChat(chatId).toArray();
}

/** A try that did not get through: the entry keeps waiting, with the error for the window. */
export async function recordAttempt(clientId: string, error: string): Promise<void> {
  await db.outbox
    .where('client_id')
    .equals(clientId)
    .modify((item) => {
      item.attempts += 1;
      item.last_error = error;
    });
}
