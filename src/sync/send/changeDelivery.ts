import Dexie from 'dexie';
import type { ChatMessage, MessagesDeleted, RecentChat } from '@core/contract';
import { deleteMessage, deleteMessagesFrom, editMessage } from '../../api/messageChanges';
import { createBranch } from '../../api/chatList';
import { ApiError } from '../../api/errors';
import { BRANCH_COPY_PREFIX } from '../../db/chatMessages';
import { db, type MessageChange } from '../../db/db';
import { reapplyChanges } from '../../db/messageChanges';
import { createStore, useStore } from '../../lib/store';
import { pullNewestMessages } from '../chatMessages';
import { waiting, type DeliveryOutcome, type WaitPolicy } from './outcomes';
import { recordAttempt } from './queue';

/**
 * Why the server last refused a change in each chat (chat id → the reason), for the window to say
 * what was not saved. A change whose message is gone (404) is not a refusal: there is nothing left
 * to change.
 */
const refusals = createStore<ReadonlyMap<string, string>>(new Map());

export function useChangeRefusal(chatId: string): string | null {
  return useStore(refusals).get(chatId) ?? null;
}

export function dismissChangeRefusal(chatId: string): void {
  const next = new Map(refusals.get());
  next.delete(chatId);
  refusals.set(next);
}

function noteRefusal(chatId: string, reason: string): void {
  refusals.set(new Map(refusals.get()).set(chatId, reason));
}

async function send(change: MessageChange): Promise<void> {
  const key = change.client_id;
  if (change.kind === 'branch' && change.branch) {
    const { origin_id, title } = change.branch;
    return completeBranch(change, await createBranch(origin_id, { id: change.chat_id, message_id: change.message_id, title }));
  }
  if (change.kind === 'edit') return completeEdit(change, await editMessage(change.message_id, change.edit ?? {}, key));
  const answer =
    change.kind === 'delete'
      ? await deleteMessage(change.message_id, key)
      : await deleteMessagesFrom({ chat_id: change.chat_id, message_id: change.message_id }, key);
  return completeDelete(change, answer);
}

/**
 * waiting → sending → stored or refused, for a change: sent under its own key, so a retry after a lost
 * answer applies once. Waits (stays queued) as `wait` says; refused, it leaves the outbox and the
 * chat's newest page is pulled again, so the device shows what the server holds.
 */
export async function deliverChange(change: MessageChange, wait: WaitPolicy): Promise<DeliveryOutcome> {
  try {
    await send(change);
    return { kind: 'stored' };
  } catch (error) {
    const apiError = error instanceof ApiError ? error : null;
    if (apiError && wait(apiError)) {
      await recordAttempt(change.client_id, apiError.message);
      return waiting(apiError);
    }
    const reason = apiError?.message ?? 'Something went wrong.';
    await db.outbox.delete(change.client_id);
    // A change whose message is gone has nothing left to change; a branch refused stays on this device only, which the window says.
    if (apiError?.status !== 404 || change.kind === 'branch') noteRefusal(change.chat_id, reason);
    await pullNewestMessages(change.chat_id).catch((pullError: unknown) => console.warn('Could not pull the chat again', pullError));
    return { kind: 'failed', reason };
  }
}

/** The server made the edit: its copy of the message comes in (with the changes still waiting made again) and the edit leaves the outbox. */
async function completeEdit(change: MessageChange, message: ChatMessage): Promise<void> {
  await db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    await db.outbox.delete(change.client_id);
    if (await db.messages.get(message.id)) await db.messages.put({ ...message, state: 'sent' });
    await reapplyChanges(change.chat_id);
  });
}

/**
 * The server made the delete: the chat's count and times come from its answer, and stored rows it
 * removed go here too (a message another tab stored meanwhile after a delete from here, say).
 */
async function completeDelete(change: MessageChange, answer: MessagesDeleted): Promise<void> {
  await db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    await db.outbox.delete(change.client_id);
    const existing = await db.chats.get(change.chat_id);
    await db.chats.put({ ...existing, ...answer.chat, localOnly: false });
    if (change.kind === 'delete') await db.messages.delete(change.message_id);
    else await storedFrom(change.chat_id, change.seq).delete();
    await reapplyChanges(change.chat_id);
  });
}

/**
 * The server made the branch: its row replaces the device's and the entry leaves the outbox; then its
 * newest messages come, and the device's copies give way to the server's rows (ids of their own).
 */
async function completeBranch(change: MessageChange, chat: RecentChat): Promise<void> {
  await db.transaction('rw', [db.chats, db.outbox], async () => {
    await db.outbox.delete(change.client_id);
    await db.chats.put({ ...(await db.chats.get(change.chat_id)), ...chat, localOnly: false });
  });
  try {
    await pullNewestMessages(change.chat_id);
  } catch (error) {
    // The copies stay until a pull brings the server's rows (opening the chat pulls it).
    console.warn('Could not pull the new branch', error);
    return;
  }
  await db.messages.where('id').startsWith(`${BRANCH_COPY_PREFIX}${change.chat_id}-`).delete();
}

const storedFrom = (chatId: string, fromSeq: number) =>
  db.messages
    .where('[chat_id+seq]')
    .between([chatId, fromSeq], [chatId, Dexie.maxKey], true, true)
    .filter((row) => row.state === 'sent');
