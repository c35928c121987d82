import { db } from '../../db/db';
import { STOPPED_REASON } from '../../db/chatMessages';
import { pullNewestMessages } from '../chatMessages';
import type { DeliveryOutcome } from './outcomes';
import { lastRow } from './queue';
import { markFailed } from './settle';

/** What a user message's row says when Stop came before the server had saved it. */
export const STOPPED_BEFORE_SAVED = 'Stopped before the message was saved.';

/**
 * streaming → stopped. The server stores no reply for an aborted stream, so what arrived stays on
 * screen marked as stopped and not saved (until the chat moves on), and an empty reply row goes.
 * The person ended this send, so a queued message leaves the outbox: a replay must not send what they
 * stopped. Whether it was saved before the abort only the server knows: the chat's newest page tells,
 * and a message it lacks is failed, with Retry (which writes it again). The partial reply then goes
 * after everything the page brought.
 */
export async function stopReply(chatId: string, replyId: string, text: string, userRowId: string | undefined): Promise<DeliveryOutcome> {
  await db.transaction('rw', db.messages, db.outbox, async () => {
    if (text === '') await db.messages.delete(replyId);
    else await markFailed(replyId, STOPPED_REASON);
    if (userRowId) await db.outbox.delete(userRowId);
  });
  if (!userRowId) return { kind: 'stopped' };
  await pullNewestMessages(chatId).catch(() => undefined);
  await db.transaction('rw', db.messages, async () => {
    if ((await db.messages.get(userRowId))?.state === 'pending') await markFailed(userRowId, STOPPED_BEFORE_SAVED);
    const last = await lastRow(chatId);
    if (text !== '' && last && last.id !== replyId) await db.messages.update(replyId, { seq: last.seq + 1 });
  });
  return { kind: 'stopped' };
}
