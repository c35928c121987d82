import Dexie from 'dexie';
import { stoppedSwipeAfter, swipeRangeProblem, withChosenSwipe, withEditedContent, type SwipeFields } from '@core/chat/swipes';
import type { EditMessageRequest } from '@core/contract';
import { db, type LocalMessage, type MessageChange, type MessageSend } from './db';

/** A change waits to be undone for this long before it is sent (deletes only). */
export const UNDO_MS = 5_000;
/** Undo stops being offered this long before the change may go, so it can never race the send. */
export const UNDO_MARGIN_MS = 500;

const fromSeq = (chatId: string, seq: number) =>
  db.messages.where('[chat_id+seq]').between([chatId, seq], [chatId, Dexie.maxKey], true, true);

/** An edit as the server makes it (core/chat's swipe model), made to the device's copy. */
export function editedRow(row: LocalMessage, edit: EditMessageRequest): LocalMessage {
  let fields: SwipeFields = row;
  if (edit.swipe_id !== undefined && swipeRangeProblem(fields, edit.swipe_id) === null) fields = withChosenSwipe(fields, edit.swipe_id);
  if (edit.content !== undefined) fields = withEditedContent(fields, edit.content);
  const { swipes: _swipes, swipe_id: _swipeId, stopped_swipe: mark, ...rest } = row;
  const stopped = edit.content === undefined ? mark : (stoppedSwipeAfter(mark, fields, false) ?? undefined);
  return { ...rest, ...fields, ...(stopped === undefined ? {} : { stopped_swipe: stopped }) };
}

/** Moves the chat's message count in the recent list by what a delete took or Undo put back. */
async function countChange(chatId: string, by: number): Promise<void> {
  if (by !== 0)
    await db.chats
      .where('chat_id')
      .equals(chatId)
      .modify((chat) => void (chat.message_count = Math.max(0, chat.message_count + by)));
}

/**
 * Makes a change on the device's copy, in the caller's transaction (chats, messages, outbox). When it
 * is first made (`queued`), a delete from here also takes what the person typed after that message and
 * has not been sent, with its sends (nothing of it should reach the server now); made again on rows a
 * pull brought (`queued: false`), it takes only stored rows, since messages typed since come after it.
 * Answers what it took off the device.
 */
export async function applyLocally(change: MessageChange, { queued }: { queued: boolean }): Promise<NonNullable<MessageChange['removed']>> {
  const removed: NonNullable<MessageChange['removed']> = { rows: [], sends: [] };
  // A branch was made whole on the device when it was queued: nothing to make again.
  if (change.kind === 'branch') return removed;
  if (change.kind === 'edit') {
    const row = await db.messages.get(change.message_id);
    if (row && change.edit) await db.messages.put(editedRow(row, change.edit));
    return removed;
  }
  if (change.kind === 'delete') {
    const row = await db.messages.get(change.message_id);
    if (row) removed.rows.push(row);
  } else {
    removed.rows = await fromSeq(change.chat_id, change.seq)
      .filter((row) => queued || row.state === 'sent')
      .toArray();
    const ids = removed.rows.map((row) => row.id);
    if (queued) removed.sends = (await db.outbox.bulkGet(ids)).filter((item): item is MessageSend => item?.kind === 'message');
  }
  await db.messages.bulkDelete(removed.rows.map((row) => row.id));
  await db.outbox.bulkDelete(removed.sends.map((send) => send.client_id));
  await countChange(change.chat_id, -removed.rows.filter((row) => row.state === 'sent').length);
  return removed;
}

/** The chat's changes the server has not answered yet, oldest first. */
function waitingChanges(chatId: string): Promise<MessageChange[]> {
  return db.outbox
    .where('[chat_id+created_at]')
    .between([chatId, Dexie.minKey], [chatId, Dexie.maxKey], true, true)
    .filter((item): item is MessageChange => item.kind !== 'message')
    .toArray() as Promise<MessageChange[]>;
}

/**
 * Rows the server just sent do not know the changes still waiting: those are made again on them, in
 * order, so what the person did stays on screen until the server has it (call in a transaction over
 * chats, messages and outbox).
 */
export async function reapplyChanges(chatId: string): Promise<void> {
  for (const change of await waitingChanges(chatId)) await applyLocally(change, { queued: false });
}

/** A delete still inside its Undo window: what the window offers to undo. */
export function undoable(change: MessageChange, now = Date.now()): boolean {
  return change.removed !== undefined && change.hold_until !== undefined && now < change.hold_until - UNDO_MARGIN_MS;
}

/** The chat's deletes that can still be undone, newest last. */
export async function undoableChanges(chatId: string): Promise<MessageChange[]> {
  return (await waitingChanges(chatId)).filter((change) => undoable(change));
}

/** Undo: the delete leaves the outbox and what it took comes back; false when it is too late (being sent). */
export function undoChange(clientId: string): Promise<boolean> {
  return db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    const change = await db.outbox.get(clientId);
    if (!change || change.kind === 'message' || !undoable(change) || !change.removed) return false;
    await db.outbox.delete(clientId);
    await db.messages.bulkPut(change.removed.rows);
    await db.outbox.bulkPut(change.removed.sends);
    await countChange(change.chat_id, change.removed.rows.filter((row) => row.state === 'sent').length);
    return true;
  });
}

/** Something else happened in the chat (a send, an edit, a regeneration): its deletes stop waiting for Undo. */
export async function releaseHolds(chatId: string): Promise<void> {
  await db.outbox
    .where('[chat_id+created_at]')
    .between([chatId, Dexie.minKey], [chatId, Dexie.maxKey], true, true)
    .filter((item) => item.kind !== 'message' && item.hold_until !== undefined)
    .modify((item) => {
      delete (item as MessageChange).hold_until;
    });
}
