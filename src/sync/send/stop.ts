import type { CompletionResult } from '@core/contract';
import { storedCompletion } from '../../api/chatMessages';
import { ApiError } from '../../api/errors';
import { db } from '../../db/db';
import { STOPPED_REASON } from '../../db/chatMessages';
import { pullNewestMessages } from '../chatMessages';
import type { DeliveryOutcome } from './outcomes';
import { lastRow } from './queue';
import { markFailed, storeReply } from './settle';

/** What a user message's row says when Stop came before the server had saved it. */
export const STOPPED_BEFORE_SAVED = 'Stopped before the message was saved.';

/** A send, regeneration or continuation Stop ended, and the rows it wrote. */
export interface Stopped {
  chatId: string;
  /** Its idempotency key. */
  key: string;
  /** The streaming reply's row, and the text it received. */
  replyId: string;
  text: string;
  /** The queued user message's row (its outbox entry has the key), for a send. */
  userRowId?: string;
  /** The rows what the server stored takes the place of (the streaming reply, the pending message, a replaced reply). */
  replaced: string[];
  personaId?: string | null;
}

/**
 * What the server stored under a key, never asking the AI: a reply, null when it stored none
 * (a 404: Stop came before the first word, or before the request reached it), undefined when it
 * could not be asked.
 */
async function askStored(key: string): Promise<CompletionResult | null | undefined> {
  try {
    return await storedCompletion(key);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    return undefined;
  }
}

/**
 * streaming → stopped. The person ended this send, so a queued message leaves the outbox at once (a
 * replay must not send what they stopped). The server keeps the words that reached it as the reply,
 * marked stopped, and says what it stored under the key:
 * - a reply: stored like any answer (storeReply), in place of the local rows, so each word is there
 *   once whatever raced the Stop, and the chat shows it as a normal reply with its mark;
 * - nothing (Stop before the first word): the reply row goes, no empty reply is left;
 * - no answer (the network went with the Stop): what arrived stays, 'Stopped · not saved', until
 *   the chat moves on (dropStoppedReplies).
 * Without a stored reply, whether the message was saved only the server knows: the chat's newest
 * page tells, and a message it lacks is failed, with Retry (which writes it again).
 */
export async function stopReply(stop: Stopped): Promise<DeliveryOutcome> {
  const { chatId, key, replyId, text, userRowId } = stop;
  if (userRowId) await db.outbox.delete(userRowId);
  const stored = await askStored(key);
  if (stored) {
    await storeReply(stored, { replaced: stop.replaced, personaId: stop.personaId });
    return { kind: 'stopped' };
  }
  const kept = stored === undefined && text !== '';
  if (kept) await markFailed(replyId, STOPPED_REASON);
  else await db.messages.delete(replyId);
  if (!userRowId) return { kind: 'stopped' };
  await pullNewestMessages(chatId).catch(() => undefined);
  await db.transaction('rw', db.messages, async () => {
    if ((await db.messages.get(userRowId))?.state === 'pending') await markFailed(userRowId, STOPPED_BEFORE_SAVED);
    const last = await lastRow(chatId);
    if (kept && last && last.id !== replyId) await db.messages.update(replyId, { seq: last.seq + 1 });
  });
  return { kind: 'stopped' };
}
