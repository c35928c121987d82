import { parseMessage, plainText } from '../../../core/chat/markdown/index';
import { searchSnippet, searchTerms } from '../../../core/chat/search';
import type { ChatSearchRequest, ChatSearchResponse, MessageHit } from '../../../core/contract';
import { PAGE_SIZES } from '../../../core/contract/constants';
import { findOwnChats } from '../../db/repositories/chats';
import { searchMessages, type FoundMessage } from '../../db/repositories/messageSearch';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { listItems } from './reads';

function hitOf(found: FoundMessage, terms: string[]): MessageHit {
  const snippet = searchSnippet(plainText(parseMessage(found.content)), terms);
  return {
    chat_id: found.chat_id,
    message_id: found.id,
    seq: found.seq,
    role: found.role,
    name: found.name,
    send_date: found.send_date,
    snippet: snippet.text,
    marks: snippet.marks,
  };
}

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
    data: page.map((row) => hitOf(row, terms)),
    chats: await listItems(ctx.db, await findOwnChats(ctx.db, user.id, chatIds)),
    next: found.length > limit ? String(page.at(-1)!.key) : null,
  };
}
