import type { ChatSearchRequest } from '@core/contract';
import * as routes from '@core/contract/routes';
import { api } from './call';

/** POST /api/chats/search: the user's messages holding every word of `q`, newest stored first, a page at a time. */
export const searchChats = (request: ChatSearchRequest) => api(routes.searchChats, { body: request });
