import Dexie from 'dexie';
import type { ChatMessage, RecentChat } from '@core/contract';
import { db, type LocalChat, type LocalMessage } from './db';
import { sameFields } from '../lib/sameFields';
import { reapplyChanges } from './messageChanges';

/** What a send needs to know about its chat to create the recent-list row when there is none yet. */
export type ChatSeed = Pick<RecentChat, 'chat_id' | 'character_name' | 'character_id' | 'filename' | 'card_type' | 'avatar_url'>;

/** The reason a reply cut short by Stop carries: the server stores no reply for an aborted stream. */
export const STOPPED_REASON = 'stopped';

/** A branch's messages on the device until the server's come: their ids are this, the branch's id, '-' and the seq. */
export const BRANCH_COPY_PREFIX = 'branch-copy-';

/**
 * A message of a branch the server has not made yet: the server knows it by no id, so it cannot be
 * changed (nor branched from) until the branch is saved and its own rows come.
 */
export const isBranchCopy = (message: Pick<LocalMessage, 'id'>) => message.id.startsWith(BRANCH_COPY_PREFIX);

/** Why a branch's messages cannot be changed yet. */
export const BRANCH_NOT_SAVED = 'Wait until the branch is saved.';

/** The id of the row a reply streams into is this plus the request's idempotency key. */
export const STREAMING_REPLY_PREFIX = 'reply-';

const inChat = (chatId: string, from: unknown = Dexie.minKey, to: unknown = Dexie.maxKey) =>
  db.messages.where('[chat_id+seq]').between([chatId, from], [chatId, to], true, true);

/** The chat's rows with `from` ≤ seq < `to` (to the end when `to` is null), oldest first: one page of a window. */
export function pageRows(chatId: string, from: number, to: number | null): Promise<LocalMessage[]> {
  return to === null
    ? inChat(chatId, from).toArray()
    : db.messages.where('[chat_id+seq]').between([chatId, from], [chatId, to], true, false).toArray();
}

/** The chat's newest `limit` rows the device holds, oldest first. */
export async function newestRows(chatId: string, limit: number): Promise<LocalMessage[]> {
  return (await inChat(chatId).reverse().limit(limit).toArray()).reverse();
}

/** Up to `limit` rows just before seq `before`, not below seq `floor`, oldest first. */
export async function rowsBefore(chatId: string, before: number, floor: number, limit: number): Promise<LocalMessage[]> {
  if (floor >= before) return [];
  const rows = await db.messages
    .where('[chat_id+seq]')
    .between([chatId, floor], [chatId, before], true, false)
    .reverse()
    .limit(limit)
    .toArray();
  return rows.reverse();
}

/**
 * How many rows (up to `limit`) the device holds just before seq `before`, not below seq `floor`:
 * read from the index alone, so asking costs no message's decoding.
 */
export async function countBefore(chatId: string, before: number, floor: number, limit: number): Promise<number> {
  if (floor >= before) return 0;
  const keys = await db.messages.where('[chat_id+seq]').between([chatId, floor], [chatId, before], true, false).limit(limit).primaryKeys();
  return keys.length;
}

/** Up to `limit` rows just after seq `after`, not above seq `ceiling`, oldest first. */
export function rowsAfter(chatId: string, after: number, ceiling: number, limit: number): Promise<LocalMessage[]> {
  if (ceiling <= after) return Promise.resolve([]);
  return db.messages.where('[chat_id+seq]').between([chatId, after], [chatId, ceiling], false, true).limit(limit).toArray();
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
 * (same idempotency key) is how the user gets the reply the server never stored, until the server
 * holds something after that message (then it gives way as well). Changes still
 * waiting in the outbox are made again on what arrived.
 */
export async function saveServerPage(chat: RecentChat, messages: ChatMessage[], { newest }: { newest: boolean }): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, db.outbox, async () => {
    const row: LocalChat = { ...chat, localOnly: false };
    const held = await db.chats.get(chat.chat_id);
    // The recent list reads this table live: a row written unchanged would draw the list again for
    // every page read while scrolling.
    if (!held || !sameFields(held, row)) await db.chats.put(row);
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
    // A failed copy whose message the chat has gone on past (a reply stored late, a message sent after
    // it) gives way too: its Retry would answer out of turn, and its 'No reply' would stay for good.
    const newestSeq = messages.at(-1)?.seq ?? -Infinity;
    const seqOf = new Map(messages.map((message) => [message.client_id, message.seq]));
    const overtaken = (row: LocalMessage) => row.state === 'failed' && (seqOf.get(row.client_id) ?? Infinity) < newestSeq;
    await db.messages.bulkDelete(copies.filter((row) => row.state === 'pending' || overtaken(row)).map((row) => row.id));
    const awaitingRetry = new Set(copies.filter((row) => row.state === 'failed' && !overtaken(row)).map((row) => row.client_id));
    const stored = messages.filter((message) => !awaitingRetry.has(message.client_id));
    await db.messages.bulkPut(stored.map((message): LocalMessage => ({ ...message, state: 'sent' })));
    await reapplyChanges(chat.chat_id);
  });
}
