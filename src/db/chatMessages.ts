import Dexie from 'dexie';
import type { ChatMessage, CompletionResult, RecentChat } from '@core/contract';
import { db, type LocalChat, type LocalMessage } from './db';
import { reapplyChanges } from './messageChanges';

/** What a send needs to know about its chat to create the recent-list row when there is none yet. */
export type ChatSeed = Pick<RecentChat, 'chat_id' | 'character_name' | 'character_id' | 'filename' | 'card_type' | 'avatar_url'>;

/** The reason a reply cut short by Stop carries: the server stores no reply for an aborted stream. */
export const STOPPED_REASON = 'stopped';

/** The id of the row a reply streams into is this plus the request's idempotency key. */
export const STREAMING_REPLY_PREFIX = 'reply-';

const inChat = (chatId: string, from: unknown = Dexie.minKey, to: unknown = Dexie.maxKey) =>
  db.messages.where('[chat_id+seq]').between([chatId, from], [chatId, to], true, true);

/**
 * The messages a window shows, oldest first: from `floorSeq` up when the window knows where its
 * oldest loaded page starts, else the newest `limit` (before the server has answered).
 */
export async function windowMessages(chatId: string, floorSeq: number | null, limit: number): Promise<LocalMessage[]> {
  if (floorSeq !== null) return inChat(chatId, floorSeq).toArray();
  return (await inChat(chatId).reverse().limit(limit).toArray()).reverse();
}

/** How many stored messages the device holds from `floorSeq` up (to compare with the server's total). */
export function storedCountFrom(chatId: string, floorSeq: number): Promise<number> {
  return inChat(chatId, floorSeq)
    .filter((message) => message.state === 'sent')
    .count();
}

/** The device's most recent chat with a card, for a card click that should reopen it. */
export async function latestChatWith(characterId: string): Promise<LocalChat | undefined> {
  const chats = await db.chats.where('character_id').equals(characterId).toArray();
  return chats.sort((a, b) => b.last_message_time.localeCompare(a.last_message_time))[0];
}

/**
 * Stores a page the server sent. Within the page's seq range (up to the end for the newest page),
 * stored rows the server no longer has go (regenerated or deleted elsewhere). A pending copy of a
 * message the server now holds gives way to it; a failed one stays in its place, because its Retry
 * (same idempotency key) is how the user gets the reply the server never stored. Changes still
 * waiting in the outbox are made again on what arrived.
 */
export async function saveServerPage(chat: RecentChat, messages: ChatMessage[], { newest }: { newest: boolean }): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, db.outbox, async () => {
    await db.chats.put({ ...chat, localOnly: false });
    const ids = new Set(messages.map((message) => message.id));
    const clientIds = new Set(messages.flatMap((message) => (message.client_id ? [message.client_id] : [])));
    const low = messages.at(0)?.seq ?? Dexie.minKey;
    const high = newest ? Dexie.maxKey : (messages.at(-1)?.seq ?? Dexie.maxKey);
    if (messages.length > 0 || newest) {
      await inChat(chat.chat_id, low, high)
        .filter((row) => row.state === 'sent' && !ids.has(row.id))
        .delete();
    }
    const copies =
      clientIds.size === 0
        ? []
        : await db.messages
            .where('client_id')
            .anyOf([...clientIds])
            .filter((row) => row.state !== 'sent' && row.chat_id === chat.chat_id)
            .toArray();
    await db.messages.bulkDelete(copies.filter((row) => row.state === 'pending').map((row) => row.id));
    const awaitingRetry = new Set(copies.filter((row) => row.state === 'failed').map((row) => row.client_id));
    const stored = messages.filter((message) => !awaitingRetry.has(message.client_id));
    await db.messages.bulkPut(stored.map((message): LocalMessage => ({ ...message, state: 'sent' })));
    await reapplyChanges(chat.chat_id);
  });
}

/**
 * Writes a message the user typed, before anything is sent: pending, keyed by its client id, one
 * past the last message the device knows. Creates the chat's row (local only) when it has none.
 * A send goes through db/outbox.ts enqueueMessage, which queues it in the same transaction.
 */
export async function writePendingMessage(
  seed: ChatSeed,
  message: { clientId: string; content: string; name: string; sendDate: string },
): Promise<LocalMessage> {
  return db.transaction('rw', db.chats, db.messages, async () => {
    const existing = await db.chats.get(seed.chat_id);
    await db.chats.put({
      ...seed,
      created_at: message.sendDate,
      message_count: 0,
      size: 0,
      localOnly: true,
      ...existing,
      last_message_time: message.sendDate,
      modified: message.sendDate,
    });
    const last = await inChat(seed.chat_id).last();
    const row: LocalMessage = {
      id: message.clientId,
      client_id: message.clientId,
      chat_id: seed.chat_id,
      seq: (last?.seq ?? 0) + 1,
      role: 'user',
      content: message.content,
      name: message.name,
      send_date: message.sendDate,
      state: 'pending',
    };
    await db.messages.add(row);
    return row;
  });
}

/** The seq of the chat's last message on the device (0 when it has none). */
export async function lastSeq(chatId: string): Promise<number> {
  return (await inChat(chatId).last())?.seq ?? 0;
}

export function messageRow(id: string): Promise<LocalMessage | undefined> {
  return db.messages.get(id);
}

export function putMessage(row: LocalMessage): Promise<string> {
  return db.messages.put(row);
}

export async function setMessageText(id: string, content: string): Promise<void> {
  await db.messages.update(id, { content });
}

export async function markPending(id: string): Promise<void> {
  await db.messages.update(id, { state: 'pending', error: undefined });
}

export async function markFailed(id: string, reason: string): Promise<void> {
  await db.messages.update(id, { state: 'failed', error: reason });
}

export async function deleteMessage(id: string): Promise<void> {
  await db.messages.delete(id);
}

/** Puts a local row after everything else in its chat (the server may have numbered messages meanwhile). */
export async function moveToEnd(chatId: string, id: string): Promise<void> {
  await db.transaction('rw', db.messages, async () => {
    const last = await inChat(chatId).last();
    if (last && last.id !== id) await db.messages.update(id, { seq: last.seq + 1 });
  });
}

/** Replies cut short by Stop: shown until the chat moves on, never stored by the server. */
export async function dropStoppedReplies(chatId: string): Promise<void> {
  // Only the `reply-` rows a send writes can be stopped: the id index finds them without reading the chat.
  await db.messages
    .where('id')
    .startsWith(STREAMING_REPLY_PREFIX)
    .filter((row) => row.chat_id === chatId && row.error === STOPPED_REASON)
    .delete();
}

/**
 * Replies a page load cut off while they streamed (a reload or a closed tab mid-reply): no stream
 * survives the page, so these rows would say 'Typing…' for ever. Their message still waits in the
 * outbox, and its replay brings the real reply. Only the `reply-` rows a send writes can stream, so
 * the id index finds them without reading every message.
 */
export async function dropInterruptedReplies(): Promise<void> {
  await db.messages
    .where('id')
    .startsWith(STREAMING_REPLY_PREFIX)
    .filter((row) => row.state === 'streaming')
    .delete();
}

/**
 * Swaps in what the server stored for a send, a regeneration or a continuation: the local rows (the
 * pending user message, the streaming reply) go, the stored ones come (a reply with a new version or
 * more text replaces its old copy, which has its id), and the chat is no longer local only.
 */
export async function storeCompletion(result: CompletionResult, replaced: string[]): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, db.outbox, async () => {
    await db.messages.bulkDelete(replaced);
    const stored = [result.greeting, result.user_message, result.reply].filter((message) => message !== null);
    await db.messages.bulkPut(stored.map((message): LocalMessage => ({ ...message, state: 'sent' })));
    const chat = await db.chats.get(result.chat_id);
    if (!chat) return;
    const added = stored.length - (result.user_message === null ? 1 : 0);
    await db.chats.put({
      ...chat,
      localOnly: false,
      message_count: chat.message_count + added,
      last_message_time: result.reply.send_date,
      modified: result.reply.send_date,
    });
    await reapplyChanges(result.chat_id);
  });
}
