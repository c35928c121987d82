/** /recent-chat's search params: `?chat=<chat_id>` names the open chat, so a reload keeps it. */
export interface ChatSearch {
  chat?: string;
}

export function validateChatSearch(search: Record<string, unknown>): ChatSearch {
  return typeof search.chat === 'string' && search.chat !== '' ? { chat: search.chat } : {};
}
