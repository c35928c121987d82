import { searchTerms } from '@core/chat/search';
import type { MessageHit } from '@core/contract';
import { PAGE_SIZES } from '@core/contract/constants';
import { searchChats } from '../api/chatSearch';
import { isUnreachable } from '../api/errors';
import { saveChatListPage } from '../db/chatList';
import { searchDeviceMessages } from '../db/chatSearch';
import type { LocalChat } from '../db/db';
import { connectivity } from '../lib/connectivity';

export interface MessageSearch {
  hits: MessageHit[];
  /** The chats the hits are in, by id. */
  chats: ReadonlyMap<string, LocalChat>;
  /** The next page's cursor (the server's search only). */
  next: string | null;
  /** 'device': cardchat could not be asked, the messages this device holds were searched. */
  where: 'server' | 'device';
}

/**
 * Searches inside the user's chats: the server's full-text index when cardchat answers (the chats of
 * the hits are saved, so opening one works like opening any chat), else the messages this device
 * holds, and says which.
 */
export async function searchMessages(q: string, cursor?: string): Promise<MessageSearch> {
  if (connectivity() === 'online') {
    try {
      const found = await searchChats({ q, ...(cursor ? { cursor } : {}) });
      await saveChatListPage(found.chats);
      const chats = new Map<string, LocalChat>(found.chats.map((chat) => [chat.chat_id, chat]));
      return { hits: found.data, chats, next: found.next, where: 'server' };
    } catch (error) {
      // An answer (a 4xx, a 5xx) is an error to show; no answer is what the device's copy is for.
      if (!isUnreachable(error)) throw error;
    }
  }
  const local = await searchDeviceMessages(searchTerms(q), PAGE_SIZES.searchHits);
  return { hits: local.hits, chats: new Map(local.chats.map((chat) => [chat.chat_id, chat])), next: null, where: 'device' };
}
