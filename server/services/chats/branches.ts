import { randomUUID } from 'node:crypto';
import { orderedIds } from './orderedIds';
import { branchBase, branchTitle } from '@core/chat/index';
import type { BranchRequest, RecentChat } from '@core/contract';
import { insertMembers, membersOf } from '../../db/repositories/chatMembers';
import { findChatById, findOwnChat, insertChat, titlesStartingWith } from '../../db/repositories/chats';
import { isUniqueViolation } from '../../db/errors';
import { findOwnMessage, messagesThrough } from '../../db/repositories/messages';
import { chatStoredBytes } from '../../db/repositories/storage';
import type { Chat, Message } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { emitEvent } from '../../events/emit';
import type { ServiceContext } from '../context';
import { checkStorageRoom } from '../storage';
import type { RequestUser } from '../users';
import { chatNotFound, listItem } from './reads';
import { contentBytes, storeMessages } from './storeMessages';
import { chatFileStem } from './transfer';
import { tidyTitle } from './update';

/** What the recent list calls a chat: its title, else its character's name. */
const shownName = (chat: Pick<Chat, 'title' | 'character_name'>) => chat.title ?? chat.character_name;

/**
 * The branch made before under this id, when it is the user's branch of this chat (a retry of the
 * same request); a chat of any other kind under it is a conflict, never touched.
 */
async function madeBefore(ctx: ServiceContext, user: RequestUser, id: string, originId: string): Promise<RecentChat | undefined> {
  const existing = await findChatById(ctx.db, id);
  if (!existing) return undefined;
  if (existing.user_id !== user.id || existing.branch_of !== originId) throw new AppError(409, 'chat_id_taken', 'That chat id is taken.');
  return listItem(ctx.db, existing);
}

/** The original's messages up to and including the one branched from, as the branch's own rows (same seq). */
function copiesFor(rows: Message[], branchId: string): Message[] {
  const ids = orderedIds(rows.length);
  return rows.map((row, i) => ({ ...row, id: ids[i]!, chat_id: branchId, client_id: null }));
}

/**
 * POST /api/chats/{chat_id}/branches: a new chat with the history of the user's chat up to and
 * including one of its messages, as SillyTavern's Branch makes it (its metadata, with `main_chat`
 * naming the original's file). Idempotent by the client's id for the new chat. Another user's chat,
 * or a message not in this chat: 404. The copy counts towards the storage quota like any chat.
 */
export async function createBranch(ctx: ServiceContext, user: RequestUser, originId: string, request: BranchRequest): Promise<RecentChat> {
  const again = await madeBefore(ctx, user, request.id, originId);
  if (again) return again;
  const origin = await findOwnChat(ctx.db, user.id, originId);
  if (!origin) throw chatNotFound();
  const message = await findOwnMessage(ctx.db, user.id, request.message_id);
  if (!message || message.chat_id !== origin.id) throw notFound('Message not found');
  const rows = copiesFor(await messagesThrough(ctx.db, origin.id, Number(message.seq)), request.id);
  const metadata = JSON.stringify({
    ...(origin.chat_metadata ? (JSON.parse(origin.chat_metadata) as Record<string, unknown>) : {}),
    main_chat: chatFileStem(origin),
  });
  await checkStorageRoom(
    ctx.db,
    user,
    chatStoredBytes({ size: contentBytes(rows), message_count: rows.length, card_json: origin.card_json, chat_metadata: metadata }),
  );
  const name = shownName(origin);
  const title = tidyTitle(request.title ?? null) ?? branchTitle(name, await titlesStartingWith(ctx.db, user.id, branchBase(name)));
  const now = new Date().toISOString();
  const branch: Chat = {
    ...origin,
    id: request.id,
    title,
    branch_of: origin.id,
    branch_of_name: name,
    chat_metadata: metadata,
    // The original's generated portrait stays the original's (deleting either must not take the other's).
    portrait_key: null,
    portrait_bytes: 0,
    message_count: 0,
    size: 0,
    importing_since: null,
    last_message_at: now,
    created_at: now,
    updated_at: now,
  };
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertChat(trx, branch);
      await storeMessages(trx, branch.id, rows, now);
      // A group's branch is the same group.
      await insertMembers(
        trx,
        (await membersOf(trx, [origin.id])).map((member) => ({ ...member, id: randomUUID(), chat_id: branch.id })),
      );
      await emitEvent(
        trx,
        user.id,
        'chat.created',
        await listItem(trx, { ...branch, message_count: rows.length, size: contentBytes(rows) }),
      );
    });
  } catch (error) {
    // The same request, sent twice at once: the other one made it.
    if (!isUniqueViolation(error)) throw error;
    return (await madeBefore(ctx, user, request.id, originId)) ?? Promise.reject(error);
  }
  return listItem(ctx.db, { ...branch, message_count: rows.length, size: contentBytes(rows) });
}
