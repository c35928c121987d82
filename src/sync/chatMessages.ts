import { getChatMessages } from '../api/chatMessages';
import { saveServerPage, storedCountFrom } from '../db/chatMessages';

export interface MessagesPull {
  /** The seq of the oldest message loaded so far; null when the chat has none. */
  floorSeq: number | null;
  /** The server holds messages older than the floor ('Load More History' is offered). */
  hasOlder: boolean;
}

/** Page 1: the chat's newest messages, written to Dexie with the chat's recent-list row. */
export async function pullNewestMessages(chatId: string): Promise<MessagesPull> {
  const page = await getChatMessages({ chat_id: chatId, page: 1 });
  await saveServerPage(page.chat, page.data, { newest: true });
  return pullResult(chatId, page.data[0]?.seq ?? null, page.total);
}

/** The page just before `beforeSeq` (by key, so messages sent meanwhile shift nothing). */
export async function pullOlderMessages(chatId: string, beforeSeq: number): Promise<MessagesPull> {
  const page = await getChatMessages({ chat_id: chatId, before_seq: beforeSeq });
  await saveServerPage(page.chat, page.data, { newest: false });
  const oldest = page.data.at(0);
  if (!oldest) return { floorSeq: beforeSeq, hasOlder: false };
  return pullResult(chatId, oldest.seq, page.total);
}

/** More exists while the server's total is above what the device holds from the floor up. */
async function pullResult(chatId: string, floorSeq: number | null, total: number): Promise<MessagesPull> {
  if (floorSeq === null) return { floorSeq, hasOlder: false };
  return { floorSeq, hasOlder: total > (await storedCountFrom(chatId, floorSeq)) };
}
