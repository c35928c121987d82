import { messageHit, searchTerms } from '@core/chat/search';
import type { ChatSearchRequest, ChatSearchResponse } from '@core/contract';
import { PAGE_SIZES } from '@core/contract/constants';
import { findOwnChats } from '../../db/repositories/chats';
import { searchMessages } from '../../db/repositories/messageSearch';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { listItems } from './reads';

/**
 * POST /api/chats/search: the user's messages that hold every word of `q` (the last as a word's
 * start), newest stored first, a page at a time, each with a snippet around what was found and the
 * chat it is in. A search with no word in it (only punctuation) finds nothing.
 */
export async function searchChats(ctx: ServiceContext, user: RequestUser, request: ChatSearchRequest): Promise<ChatSearchResponse> {
  const terms = searchTerms(request.q);
  const limit = request.limit ?? PAGE_SIZES.searchHits;
  const before = request.cursor === undefined ? undefined : Number(request.cursor);
  const found = await searchMessages(ctx.db, user.id, terms, { limit: limit + 1, before });
  const page = found.slice(0, limit);
  const chatIds = [...new Set(page.map((row) => row.chat_id))];
  return {
    success: true,
    data: page.map((row) => messageHit(row, terms)),
    chats: await listItems(ctx.db, await findOwnChats(ctx.db, user.id, chatIds)),
    next: found.length > limit ? String(page.at(-1)!.key) : null,
  };
}
