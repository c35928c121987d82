import type { ChatImportResponse } from '@core/contract';
import { CHAT_LIST_PAGE_SIZE, deleteChat, importChats, listChats } from '../api/chatList';
import { generateChatPhoto } from '../api/chatMessages';
import { ApiError } from '../api/errors';
import { deleteLocalChat, getChat, saveChatListPage, setChatAvatar } from '../db/chatList';
import { latestChatWith } from '../db/chatMessages';
import { connectivity } from '../lib/connectivity';

export interface ChatListPull {
  page: number;
  totalPages: number;
}

/**
 * Fetches one page of the recent list (5 chats) and writes it to Dexie; the screens read it from there.
 * Only a fresh unfiltered first page may drop chats that vanished from the server (see
 * saveChatListPage): a filtered page says nothing about chats that do not match.
 */
export async function pullChatList({ page = 1, q }: { page?: number; q?: string } = {}): Promise<ChatListPull> {
  const query = q?.trim() || undefined;
  const list = await listChats({ page, page_size: CHAT_LIST_PAGE_SIZE, q: query });
  const window = page === 1 && !query ? { complete: list.data.length >= list.total } : undefined;
  await saveChatListPage(list.data, window);
  return { page: list.page, totalPages: list.total_pages };
}

/**
 * Deletes a chat on the server, then on the device with its messages. A chat that exists only here
 * never reached the server; one the server no longer knows (404) is already gone there.
 */
export async function removeChat(chatId: string): Promise<void> {
  const chat = await getChat(chatId);
  if (!chat?.localOnly) {
    try {
      await deleteChat(chatId);
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
  }
  await deleteLocalChat(chatId);
}

/**
 * Sends chat files (archives, .jsonl, .json) to the server, then pulls the list so the imported chats appear. The
 * import has succeeded once the server answered; a failed pull only delays them to the next refresh.
 */
export async function importChatFiles(files: File[]): Promise<ChatImportResponse> {
  const result = await importChats(files);
  await pullChatList().catch((error: unknown) => console.error('Failed to fetch chat records', error));
  return result;
}

/**
 * The chat a card click reopens, if any. Online, the server is asked first: a fresh device, or one
 * whose list is not pulled yet, would otherwise start a duplicate chat with the card. Its answer is
 * saved, so the chat opens from Dexie like any other. When the server has none, only a chat made here
 * and not stored yet counts (a stored one it no longer lists was deleted elsewhere). Offline, or when
 * the server cannot be reached, the device's latest chat with the card stands.
 */
export async function chatToReopen(characterId: string): Promise<string | null> {
  const local = await latestChatWith(characterId);
  if (connectivity() !== 'online') return local?.chat_id ?? null;
  try {
    const { data } = await listChats({ character_id: characterId, page: 1, page_size: 1 });
    const latest = data[0];
    if (!latest) return local?.localOnly ? local.chat_id : null;
    await saveChatListPage([latest]);
    return latest.chat_id;
  } catch (error) {
    console.error('Failed to ask the server for the chat with this card', error);
    return local?.chat_id ?? null;
  }
}

/**
 * Generate Photo: the server makes and stores the chat's portrait; its address becomes the chat's
 * avatar in Dexie, so the recent list and the panel show it, and still do after a reload.
 */
export async function generatePortrait(chatId: string): Promise<void> {
  const { url } = await generateChatPhoto(chatId);
  await setChatAvatar(chatId, url);
}
