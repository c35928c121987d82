import Dexie from 'dexie';
import type { RecentChat } from '@core/contract';
import { db, type LocalChat } from './db';

/**
 * The recent list, newest message first, at most `limit`; with `q`, only chats whose character's
 * name or title contains it (case-insensitive), as the server's `q` matches, so a search answers
 * offline too.
 */
export function recentChats({ q, limit }: { q?: string; limit: number }): Promise<LocalChat[]> {
  const needle = q?.trim().toLowerCase();
  let chats = db.chats.orderBy('last_message_time').reverse();
  if (needle) chats = chats.filter((chat) => [chat.character_name, chat.title ?? ''].some((name) => name.toLowerCase().includes(needle)));
  return chats.limit(limit).toArray();
}

/**
 * A chat's new avatar (a generated portrait). Its address is the same for every portrait of the chat,
 * so a fragment (never sent to the server) marks each one: whoever shows the avatar sees a new address
 * and loads the new picture.
 */
export async function setChatAvatar(chatId: string, url: string): Promise<void> {
  await db.chats.update(chatId, { avatar_url: `${url}#${Date.now()}` });
}

export function getChat(chatId: string): Promise<LocalChat | undefined> {
  return db.chats.get(chatId);
}

/**
 * Stores a page from the server; a listed chat stops being `localOnly`, since the server has it now.
 *
 * With `window` (a fresh unfiltered first page), chats the server no longer lists within that page's
 * window are removed with their messages: those strictly newer than the page's oldest chat (a chat
 * with the same time may sit on page 2), or all of them when the page held every chat. Older ones are
 * kept until a pull covers them, so pages seen earlier stay readable offline. `localOnly` chats are
 * never removed: the server cannot list what it has not stored yet.
 */
export async function saveChatListPage(chats: RecentChat[], window?: { complete: boolean }): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, db.chatPrompts, async () => {
    await db.chats.bulkPut(chats.map((chat) => ({ ...chat })));
    if (!window) return;
    const listed = new Set(chats.map((chat) => chat.chat_id));
    const oldest = chats.at(-1)?.last_message_time ?? '';
    const inWindow = window.complete ? db.chats.toCollection() : db.chats.where('last_message_time').above(oldest);
    const gone = (await inWindow.toArray()).filter((chat) => !chat.localOnly && !listed.has(chat.chat_id)).map((chat) => chat.chat_id);
    await deleteChatsAndMessages(gone);
  });
}

/** Removes a chat and all its messages (and its last prompt) in one transaction, so nothing of it stays behind. */
export async function deleteLocalChat(chatId: string): Promise<void> {
  await db.transaction('rw', db.chats, db.messages, db.chatPrompts, () => deleteChatsAndMessages([chatId]));
}

async function deleteChatsAndMessages(chatIds: string[]): Promise<void> {
  for (const chatId of chatIds) {
    await db.messages.where('[chat_id+seq]').between([chatId, Dexie.minKey], [chatId, Dexie.maxKey]).delete();
  }
  await db.chatPrompts.bulkDelete(chatIds);
  await db.chats.bulkDelete(chatIds);
}
