import type { ChatSearchRequest, ChatSearchResponse } from '@core/contract';
import { apiJson } from './client';

/** POST /api/chats/search: the user's messages holding every word of `q`, newest stored first, a page at a time. */
export const searchChats = (request: ChatSearchRequest) => apiJson<ChatSearchResponse>('chats/search', { method: 'post', json: request });
