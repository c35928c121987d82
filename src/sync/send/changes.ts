import { db, type LocalMessage, type MessageChange } from '../../db/db';
import { applyLocally, releaseHolds, undoChange, UNDO_MS } from '../../db/messageChanges';
import { checkNow, connectivity } from '../../lib/connectivity';
import { flushOutbox, flushWhenHeldEnds } from './flush';
import { ofChat, queuedAt } from './queue';
import { requestBackgroundSync } from './triggers';

/** What a person asks of a stored message; the outbox entry is made from it. */
type ChangeRequest = Pick<MessageChange, 'kind' | 'chat_id' | 'message_id' | 'seq' | 'edit'>;

/**
 * made → waiting: a change to a stored message is made on the device's copy and queued for the
 * server in one transaction (like a message: a crash loses neither, and never leaves one without the
 * other), in line with the chat's messages. A delete is held UNDO_MS for its Undo first.
 */
function makeChange(request: ChangeRequest): Promise<MessageChange> {
  return db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    await releaseHolds(request.chat_id);
    const now = Date.now();
    const change: MessageChange = {
      ...request,
      client_id: crypto.randomUUID(),
      created_at: queuedAt(await ofChat(request.chat_id).last(), now),
      attempts: 0,
      last_error: null,
    };
    const removed = await applyLocally(change, { queued: true });
    const queued = change.kind === 'edit' ? change : { ...change, removed, hold_until: now + UNDO_MS };
    await db.outbox.add(queued);
    return queued;
  });
}

/**
 * A person's change, local first: online it goes at once (a delete once its Undo window is over),
 * otherwise when cardchat answers again, under its own Idempotency-Key.
 */
async function change(row: LocalMessage, request: Pick<ChangeRequest, 'kind' | 'edit'>): Promise<void> {
  const queued = await makeChange({ ...request, chat_id: row.chat_id, message_id: row.id, seq: row.seq });
  if (queued.hold_until !== undefined) {
    flushWhenHeldEnds(queued.hold_until);
    return;
  }
  sendQueued();
}

/** Sends what was just queued: at once when cardchat answers, otherwise when it answers again. */
export function sendQueued(): void {
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

/** held → undone: the delete leaves the outbox and what it took comes back (db/messageChanges.ts). */
export { undoChange };
