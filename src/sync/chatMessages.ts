import type { ChatGetRequest } from '@core/contract';
import { getChatMessages } from '../api/chatMessages';
import { saveServerPage } from '../db/chatMessages';

/** How many messages a pull asks for when the window reads on (the most a page may hold). */
export const PULL_PAGE_SIZE = 100;

/** What a pull stored, for the window to know what the device now mirrors of the server. */
export interface PulledPage {
  /** The seq of the page's first and last message; null for an empty page. */
  first: number | null;
  last: number | null;
  /** The server has messages older than the page (or than `before_seq`, for an empty page: false). */
  hasBefore: boolean;
  /** The server has messages newer than the page. */
  hasAfter: boolean;
}

async function pull(request: ChatGetRequest, { newest }: { newest: boolean }): Promise<PulledPage> {
  const page = await getChatMessages(request);
  await saveServerPage(page.chat, page.data, { newest });
  return {
    first: page.data.at(0)?.seq ?? null,
    last: page.data.at(-1)?.seq ?? null,
    hasBefore: page.has_before,
    hasAfter: page.has_after,
  };
}

/** Page 1: the chat's newest messages (the spec's first 10), written to Dexie with the chat's recent-list row. */
export function pullNewestMessages(chatId: string): Promise<PulledPage> {
  return pull({ chat_id: chatId, page: 1 }, { newest: true });
}

/** The messages just before `beforeSeq` (by key, so messages sent meanwhile shift nothing). */
export function pullOlderMessages(chatId: string, beforeSeq: number, size = PULL_PAGE_SIZE): Promise<PulledPage> {
  return pull({ chat_id: chatId, before_seq: beforeSeq, page_size: size }, { newest: false });
}

/** The messages just after `afterSeq`, reading on towards the newest from a found message. */
export function pullNewerMessages(chatId: string, afterSeq: number, size = PULL_PAGE_SIZE): Promise<PulledPage> {
  return pull({ chat_id: chatId, after_seq: afterSeq, page_size: size }, { newest: false });
}

/** The messages around `seq` (a found message), so the window opens on it with history on both sides. */
export function pullMessagesAround(chatId: string, seq: number): Promise<PulledPage> {
  return pull({ chat_id: chatId, around_seq: seq, page_size: PULL_PAGE_SIZE / 2 }, { newest: false });
}
