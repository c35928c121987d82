import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import { stoppedSwipeAfter, swipeRangeProblem, withChosenSwipe, withEditedContent } from '@core/chat/index';
import type { ChatMessage, EditMessageRequest, MessagesDeleted } from '@core/contract';
import { adjustChatTotals, findChatById, lockChat, resetLastMessageAt } from '../../db/repositories/chats';
import { findMessageChange, insertMessageChange } from '../../db/repositories/messageChanges';
import { deleteMessages, deleteMessagesFrom, findMessages, findOwnMessage, textsFrom, updateMessage } from '../../db/repositories/messages';
import { isUniqueViolation } from '../../db/errors';
import { emitEvent } from '../../events/emit';
import type { Database, Message, MessageChangesTable } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { checkedEditText } from './messageText';
import { listItem, ownChat, ownMessage } from './reads';
import { contentBytes, messageBytes, swipeColumns, swipeFieldsOf } from './storeMessages';
import { chatMessageOf } from './wire';

const messageNotFound = () => notFound('Message not found');

type Kind = MessageChangesTable['kind'];

/** A change worked out before its transaction: the chat it locks, and what it does under that lock. */
interface PlannedChange<T> {
  chatId: string;
  apply: (trx: Transaction<Database>, now: string) => Promise<T>;
}

const hashOf = (kind: Kind, ...parts: unknown[]) =>
  createHash('sha256')
    .update(JSON.stringify([kind, ...parts]))
    .digest('hex');

/**
 * Applies a change to a chat's messages once per Idempotency-Key: a key seen before answers as a
 * retry (`replay`, with what is there now) and changes nothing, so a retried old edit arriving after a
 * newer one never overwrites it, and a retried delete is not a 404. Without a key the change simply
 * applies. The ledger row is written in the change's transaction, after the chat's lock: a change
 * refused there leaves no row (the key may be used again), and two copies of one request sent at
 * once apply once.
 */
async function changeOnce<T>(
  ctx: ServiceContext,
  user: RequestUser,
  key: string | undefined,
  asked: { kind: Kind; hash: string },
  replay: (chatId: string) => Promise<T>,
  plan: () => Promise<PlannedChange<T>>,
): Promise<T> {
  const replayOf = async (row: MessageChangesTable) => {
    if (row.kind !== asked.kind || row.request_hash !== asked.hash) {
      throw new AppError(422, 'idempotency_key_reused', 'This Idempotency-Key was already used for a different change.');
    }
    return replay(row.chat_id);
  };
  const seen = key && (await findMessageChange(ctx.db, user.id, key));
  if (seen) return replayOf(seen);
  const { chatId, apply } = await plan();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const now = new Date().toISOString();
      await lockChat(trx, chatId);
      if (key) {
        await insertMessageChange(trx, {
          user_id: user.id,
          idempotency_key: key,
          chat_id: chatId,
          kind: asked.kind,
          request_hash: asked.hash,
          created_at: now,
        });
      }
      return apply(trx, now);
    });
  } catch (error) {
    const raced = key && isUniqueViolation(error) ? await findMessageChange(ctx.db, user.id, key) : undefined;
    if (raced) return replayOf(raced);
    throw error;
  }
}

/** The message as it is under the chat's lock (a change racing a delete finds it gone). */
async function lockedMessage(trx: Transaction<Database>, id: string): Promise<Message> {
  const [message] = await findMessages(trx, [id]);
  if (!message) throw messageNotFound();
  return message;
}

async function plannedOn(ctx: ServiceContext, user: RequestUser, id: string): Promise<Message> {
  const message = await findOwnMessage(ctx.db, user.id, id);
  if (!message) throw messageNotFound();
  return message;
}

/**
 * PATCH /api/messages/{id}: shows another version of a reply (`swipe_id`) and/or changes the shown
 * text (`content`), keeping the chat's size true. The next prompt reads the result.
 */
export async function editMessage(
  ctx: ServiceContext,
  user: RequestUser,
  id: string,
  body: EditMessageRequest,
  key?: string,
): Promise<ChatMessage> {
  if (body.content === undefined && body.swipe_id === undefined) {
    throw badRequest('nothing_to_change', 'Send the new text (content) or the version to show (swipe_id).');
  }
  const asked = { kind: 'edit' as const, hash: hashOf('edit', id, body.swipe_id ?? null, body.content ?? null) };
  return changeOnce(
    ctx,
    user,
    key,
    asked,
    () => ownMessage(ctx, user, id),
    async () => {
      const planned = await plannedOn(ctx, user, id);
      const content = body.content === undefined ? undefined : checkedEditText(planned.role, body.content);
      return {
        chatId: planned.chat_id,
        apply: async (trx, now) => {
          const current = await lockedMessage(trx, id);
          let fields = swipeFieldsOf(current);
          if (body.swipe_id !== undefined) {
            const problem = swipeRangeProblem(fields, body.swipe_id);
            if (problem) throw badRequest('swipe_out_of_range', problem);
            fields = withChosenSwipe(fields, body.swipe_id);
          }
          if (content !== undefined) fields = withEditedContent(fields, content);
          // An edit makes the shown version the person's own words: a Stop's mark on it goes.
          const mark = content === undefined ? {} : { stopped_swipe: stoppedSwipeAfter(current.stopped_swipe, fields, false) };
          const changes = { ...swipeColumns(fields), ...mark };
          const edited = { ...current, ...changes };
          await updateMessage(trx, id, changes);
          await adjustChatTotals(trx, current.chat_id, { count: 0, bytes: messageBytes(edited) - messageBytes(current) }, now);
          const changed = chatMessageOf(edited);
          await emitEvent(trx, user.id, 'message.updated', changed);
          return changed;
        },
      };
    },
  );
}

/** Removes messages already read under the lock, and brings the chat's totals and last message time along. */
async function removeMessages(
  trx: Transaction<Database>,
  chatId: string,
  removed: Pick<Message, 'content' | 'swipes' | 'swipe_id'>[],
  now: string,
): Promise<MessagesDeleted> {
  await adjustChatTotals(trx, chatId, { count: -removed.length, bytes: -contentBytes(removed) }, now);
  await resetLastMessageAt(trx, chatId);
  const chat = (await findChatById(trx, chatId))!;
  return {
    success: true,
    message: removed.length === 1 ? 'Message deleted' : `${removed.length} messages deleted`,
    deleted: removed.length,
    chat: await listItem(trx, chat),
  };
}

/** What a delete retried under its key answers: nothing more removed, the chat as it is now. */
const deletedBefore =
  (ctx: ServiceContext, user: RequestUser) =>
  async (chatId: string): Promise<MessagesDeleted> => ({
    success: true,
    message: 'Already deleted',
    deleted: 0,
    chat: await listItem(ctx.db, await ownChat(ctx, user, chatId)),
  });

/** DELETE /api/messages/{id}: one message of the user's. */
export async function deleteMessage(ctx: ServiceContext, user: RequestUser, id: string, key?: string): Promise<MessagesDeleted> {
  return changeOnce(ctx, user, key, { kind: 'delete', hash: hashOf('delete', id) }, deletedBefore(ctx, user), async () => {
    const planned = await plannedOn(ctx, user, id);
    return {
      chatId: planned.chat_id,
      apply: async (trx, now) => {
        const current = await lockedMessage(trx, id);
        await deleteMessages(trx, [id]);
        const deleted = await removeMessages(trx, current.chat_id, [current], now);
        await emitEvent(trx, user.id, 'messages.deleted', { chat_id: current.chat_id, ids: [id] });
        return deleted;
      },
    };
  });
}

/** POST /api/messages/delete-from: the message and everything after it in its chat (SillyTavern's "delete from here"). */
export async function deleteMessagesFromHere(
  ctx: ServiceContext,
  user: RequestUser,
  body: { chat_id: string; message_id: string },
  key?: string,
): Promise<MessagesDeleted> {
  const asked = { kind: 'delete_from' as const, hash: hashOf('delete_from', body.chat_id, body.message_id) };
  return changeOnce(ctx, user, key, asked, deletedBefore(ctx, user), async () => {
    const chat = await ownChat(ctx, user, body.chat_id);
    const planned = await plannedOn(ctx, user, body.message_id);
    if (planned.chat_id !== chat.id) throw messageNotFound();
    return {
      chatId: chat.id,
      apply: async (trx, now) => {
        const from = await lockedMessage(trx, body.message_id);
        const removed = await textsFrom(trx, chat.id, from.seq);
        await deleteMessagesFrom(trx, chat.id, from.seq);
        const deleted = await removeMessages(trx, chat.id, removed, now);
        await emitEvent(trx, user.id, 'messages.deleted', { chat_id: chat.id, from_seq: Number(from.seq) });
        return deleted;
      },
    };
  });
}
