import type { CompletionRequest } from '@core/contract';
import { LAST_MESSAGE_CHARS } from '@core/contract/constants';
import { STOPPED_REASON, STREAMING_REPLY_PREFIX, type ChatSeed } from '../../db/chatMessages';
import { db, type LocalMessage, type MessageSend, type OutboxItem } from '../../db/db';
import { releaseHolds } from '../../db/messageChanges';
import { lastRow, newSend, ofChat, queuedAt } from './queue';

/** What a person typed, as it is written: its client id is also its row id and its Idempotency-Key. */
export interface Typed {
  clientId: string;
  content: string;
  /** Who signs it: the persona's name, or the profile name. */
  name: string;
  sendDate: string;
}

/**
 * A message just written (or written again for Retry): its outbox entry with the seq its reply takes,
 * and what of its chat was queued before it, oldest first (all read in the writing transaction, so
 * the send goes on from here without reading the outbox back).
 */
export interface Written {
  send: { item: MessageSend; replySeq: number };
  ahead: OutboxItem[];
}

/**
 * written: the typed message becomes a `pending` row (and its chat a row, local only, when it has
 * none) and an outbox entry, in one transaction, so a crash can never leave a message that shows as
 * pending but is never sent, nor a send whose message is gone. The person moved on: replies cut
 * short by Stop go, and deletes waiting for their Undo may go first, as they were made first.
 */
export function writeMessage(seed: ChatSeed, typed: Typed, request: CompletionRequest): Promise<Written> {
  return db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    await dropStoppedReplies(seed.chat_id);
    await releaseHolds(seed.chat_id);
    const ahead = await ofChat(seed.chat_id).toArray();
    const row = await writePendingMessage(seed, typed);
    const item = newSend(row.id, seed.chat_id, queuedAt(ahead.at(-1), Date.parse(typed.sendDate)), request);
    await db.outbox.add(item);
    return { send: { item, replySeq: row.seq + 1 }, ahead };
  });
}

/**
 * failed → written again (Retry): the same row, pending again, and a new outbox entry under its own
 * client id (so the server never stores it twice). It goes after what already waits: the person asked
 * for it now.
 */
export function writeAgain(row: LocalMessage, request: CompletionRequest): Promise<Written> {
  const clientId = row.client_id ?? row.id;
  return db.transaction('rw', [db.messages, db.outbox], async () => {
    await db.messages.update(row.id, { state: 'pending', error: undefined });
    const ahead = (await ofChat(row.chat_id).toArray()).filter((item) => item.client_id !== clientId);
    const item = newSend(clientId, row.chat_id, queuedAt(ahead.at(-1), Date.now()), request);
    await db.outbox.put(item);
    return { send: { item, replySeq: row.seq + 1 }, ahead };
  });
}

/**
 * The pending row of a typed message, one past the last message the device knows, and its chat's
 * row (created local only when it has none; its last message time moves to the message's).
 */
export async function writePendingMessage(seed: ChatSeed, typed: Typed): Promise<LocalMessage> {
  return db.transaction('rw', db.chats, db.messages, async () => {
    const existing = await db.chats.get(seed.chat_id);
    await db.chats.put({
      ...seed,
      created_at: typed.sendDate,
      message_count: 0,
      size: 0,
      localOnly: true,
      ...existing,
      last_message_time: typed.sendDate,
      modified: typed.sendDate,
      last_message: typed.content.slice(0, LAST_MESSAGE_CHARS),
    });
    const row: LocalMessage = {
      id: typed.clientId,
      client_id: typed.clientId,
      chat_id: seed.chat_id,
      seq: ((await lastRow(seed.chat_id))?.seq ?? 0) + 1,
      role: 'user',
      content: typed.content,
      name: typed.name,
      send_date: typed.sendDate,
      state: 'pending',
    };
    await db.messages.add(row);
    return row;
  });
}

/** Replies cut short by Stop are shown until the chat moves on (a message, a regeneration): then they go. */
export async function dropStoppedReplies(chatId: string): Promise<void> {
  // Only the `reply-` rows a send writes can be stopped: the id index finds them without reading the chat.
  await db.messages
    .where('id')
    .startsWith(STREAMING_REPLY_PREFIX)
    .filter((row) => row.chat_id === chatId && row.error === STOPPED_REASON)
    .delete();
}
