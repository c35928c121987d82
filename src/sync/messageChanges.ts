import type { LocalMessage } from '../db/db';
import { undoChange } from '../db/messageChanges';
import { enqueueChange, type ChangeRequest } from '../db/outbox';
import { checkNow, connectivity } from '../lib/connectivity';
import { flushOutbox, flushWhenHeldEnds } from './outbox';
import { requestBackgroundSync } from './outboxTriggers';

/**
 * A person's changes to stored messages (issue 18), local first: each is made on the device at once
 * and queued in the outbox in line with the chat's messages; online it goes at once (deletes after
 * their Undo window), otherwise when cardchat answers again, under its own Idempotency-Key.
 */
async function change(row: LocalMessage, request: Omit<ChangeRequest, 'chat_id' | 'message_id' | 'seq'>): Promise<void> {
  const queued = await enqueueChange({ ...request, chat_id: row.chat_id, message_id: row.id, seq: row.seq });
  if (queued.hold_until !== undefined) {
    flushWhenHeldEnds(queued.hold_until);
    return;
  }
  const state = connectivity();
  if (state === 'online') {
    flushOutbox().catch((error: unknown) => console.error('Sending the waiting changes failed', error));
    return;
  }
  requestBackgroundSync();
  if (state === 'unreachable') void checkNow();
}

/** The message's new text (on a reply with versions, the shown version's), trimmed as the server stores it. */
export const editText = (row: LocalMessage, content: string) => change(row, { kind: 'edit', edit: { content: content.trim() } });

/** Shows another version of a reply: the next prompt carries it. */
export const chooseVersion = (row: LocalMessage, swipeId: number) => change(row, { kind: 'edit', edit: { swipe_id: swipeId } });

/** Deletes the message, after a few seconds in which Undo puts it back. */
export const deleteOne = (row: LocalMessage) => change(row, { kind: 'delete' });

/** Deletes the message and every later one of the chat, after a few seconds in which Undo puts them back. */
export const deleteFromHere = (row: LocalMessage) => change(row, { kind: 'delete_from' });

export { undoChange };
