/**
 * /recent-chat's search params: `?chat=<chat_id>` names the open chat, so a reload keeps it;
 * `&at=<seq>` opens it at that message, marked (a search found it).
 */
export interface ChatSearch {
  chat?: string;
  at?: number;
}

export function validateChatSearch(search: Record<string, unknown>): ChatSearch {
  if (typeof search.chat !== 'string' || search.chat === '') return {};
  const at = typeof search.at === 'string' ? Number(search.at) : search.at;
  return typeof at === 'number' && Number.isSafeInteger(at) && at >= 0 ? { chat: search.chat, at } : { chat: search.chat };
}
