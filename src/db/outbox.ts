import Dexie from 'dexie';
import type { ChatMessage, CompletionRequest, CompletionResult, MessagesDeleted } from '@core/contract';
import { lastSeq, markFailed, markPending, storeCompletion, writePendingMessage, type ChatSeed } from './chatMessages';
import { db, type LocalMessage, type MessageChange, type MessageSend, type OutboxItem } from './db';
import { applyLocally, reapplyChanges, releaseHolds, UNDO_MS } from './messageChanges';

const ofChat = (chatId: string) =>
  db.outbox.where('[chat_id+created_at]').between([chatId, Dexie.minKey], [chatId, Dexie.maxKey], true, true);

/**
 * When a new entry of the chat is queued (ISO-8601): `at`, or just after the chat's newest entry when
 * that has the same time or later. An edit and a delete made within one millisecond still go in the
 * order they were made (the index orders equal times by their random client ids).
 */
async function queuedAt(chatId: string, at: number): Promise<string> {
  const newest = await ofChat(chatId).last();
  const after = newest ? Date.parse(newest.created_at) + 1 : -Infinity;
  return new Date(Math.max(at, after)).toISOString();
}

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
    // The person moved on: a delete waiting for its Undo goes first, as it was made first.
    await releaseHolds(seed.chat_id);
    const row = await writePendingMessage(seed, message);
    await db.outbox.add(newItem(row.id, seed.chat_id, await queuedAt(seed.chat_id, Date.parse(message.sendDate)), request));
    return row;
  });
}

/** What a person asks of a stored message; the outbox entry is made from it. */
export type ChangeRequest = Pick<MessageChange, 'kind' | 'chat_id' | 'message_id' | 'seq' | 'edit'>;

/**
 * Makes a change to a stored message on the device and queues it for the server, in one transaction
 * (like a message: a crash loses neither, and never leaves one without the other). Deletes wait
 * UNDO_MS for an Undo first.
 */
export function enqueueChange(request: ChangeRequest): Promise<MessageChange> {
  return db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    await releaseHolds(request.chat_id);
    const now = Date.now();
    const change: MessageChange = {
      ...request,
      client_id: crypto.randomUUID(),
      created_at: await queuedAt(request.chat_id, now),
      attempts: 0,
      last_error: null,
    };
    const removed = await applyLocally(change, { queued: true });
    const queued = change.kind === 'edit' ? change : { ...change, removed, hold_until: now + UNDO_MS };
    await db.outbox.add(queued);
    return queued;
  });
}

/**
 * Queues a failed message again under its own client id (the server then never stores it twice). It
 * goes after what already waits: the user asked for it now.
 */
export async function requeueMessage(row: LocalMessage, request: CompletionRequest): Promise<void> {
  await db.transaction('rw', [db.messages, db.outbox], async () => {
    await markPending(row.id);
    await db.outbox.put(newItem(row.client_id ?? row.id, row.chat_id, await queuedAt(row.chat_id, Date.now()), request));
  });
}

function newItem(clientId: string, chatId: string, createdAt: string, request: CompletionRequest): MessageSend {
  return { kind: 'message', client_id: clientId, chat_id: chatId, created_at: createdAt, request, attempts: 0, last_error: null };
}

/** A queued message with the seq its reply streams in at (right after the message's row), or a queued change. */
export type QueuedSend = { item: MessageSend; replySeq: number } | { item: MessageChange };

/** The chat's oldest waiting message: the only one of the chat that may be sent next. */
export async function nextItem(chatId: string): Promise<QueuedSend | undefined> {
  return (await queuedSends(chatId, { head: true }))[0];
}

/** The chat's waiting messages and changes, oldest first, read in one transaction (the replay sends many). */
export function queuedSends(chatId: string, { head = false } = {}): Promise<QueuedSend[]> {
  return db.transaction('r', db.outbox, db.messages, async () => {
    const items = head ? [await ofChat(chatId).first()].filter((item) => item !== undefined) : await ofChat(chatId).toArray();
    const rows = await db.messages.bulkGet(items.map((item) => item.client_id));
    const fallback = rows.includes(undefined) ? await lastSeq(chatId) : 0;
    return items.map((item, i) => (item.kind === 'message' ? { item, replySeq: (rows[i]?.seq ?? fallback) + 1 } : { item }));
  });
}

/** Every chat with waiting messages or changes, the one with the oldest first. */
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

/** The server made the edit: its copy of the message comes in (with the changes still waiting made again) and the edit leaves the outbox. */
export async function completeEdit(change: MessageChange, message: ChatMessage): Promise<void> {
  await db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    await db.outbox.delete(change.client_id);
    if (await db.messages.get(message.id)) await db.messages.put({ ...message, state: 'sent' });
    await reapplyChanges(change.chat_id);
  });
}

/**
 * The server made the delete: the chat's count and times come from its answer, and stored rows it
 * removed go here too (a message another tab stored meanwhile after a delete from here, say).
 */
export async function completeDelete(change: MessageChange, answer: MessagesDeleted): Promise<void> {
  await db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    await db.outbox.delete(change.client_id);
    const existing = await db.chats.get(change.chat_id);
    await db.chats.put({ ...existing, ...answer.chat, localOnly: false });
    if (change.kind === 'delete') await db.messages.delete(change.message_id);
    else await ofStored(change.chat_id, change.seq).delete();
    await reapplyChanges(change.chat_id);
  });
}

const ofStored = (chatId: string, fromSeq: number) =>
  db.messages
    .where('[chat_id+seq]')
    .between([chatId, fromSeq], [chatId, Dexie.maxKey], true, true)
    .filter((row) => row.state === 'sent');
