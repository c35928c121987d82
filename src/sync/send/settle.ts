import type { CompletionResult } from '@core/contract';
import { LAST_MESSAGE_CHARS } from '@core/contract/constants';
import { db, type LocalMessage } from '../../db/db';
import { reapplyChanges } from '../../db/messageChanges';
import { recordAttempt } from './queue';

/**
 * streaming → stored: what the server stored for a send, a regeneration or a continuation replaces the
 * local rows (the pending message, the streaming reply, the reply a regeneration replaced: a reply with
 * a new version or more text keeps its id), the outbox entry goes, and the chat's row in the recent
 * list follows from the answer itself (no longer local only, its count, its last message time, who the
 * user is in it), all in one transaction. The chat's size is the server's to count: the next list pull
 * brings it. Changes still waiting are made again on the rows that came.
 */
export function storeReply(
  result: CompletionResult,
  { replaced, queuedKey, personaId }: { replaced: string[]; queuedKey?: string; personaId?: string | null },
): Promise<void> {
  return db.transaction('rw', [db.chats, db.messages, db.outbox], async () => {
    await db.messages.bulkDelete(replaced);
    const stored = [result.greeting, result.user_message, result.reply].filter((message) => message !== null);
    await db.messages.bulkPut(stored.map((message): LocalMessage => ({ ...message, state: 'sent' })));
    if (queuedKey !== undefined) await db.outbox.delete(queuedKey);
    const chat = await db.chats.get(result.chat_id);
    // A part sent without a reply is the chat's newest message itself.
    const newest = result.reply ?? result.user_message;
    if (chat && newest) {
      // A regeneration or a continuation adds no message: its reply was there already.
      const added = stored.length - (result.user_message === null ? 1 : 0);
      await db.chats.put({
        ...chat,
        localOnly: false,
        message_count: chat.message_count + added,
        last_message_time: newest.send_date,
        modified: newest.send_date,
        last_message: newest.content.slice(0, LAST_MESSAGE_CHARS),
        ...(personaId === undefined ? {} : { persona_id: personaId }),
      });
    }
    await reapplyChanges(result.chat_id);
  });
}

/** sending → waiting again (no answer, or "not now"): the empty reply row goes; the entry notes the try. */
export function keepWaiting(replyId: string, key: string, error: string): Promise<void> {
  return db.transaction('rw', db.messages, db.outbox, async () => {
    await db.messages.delete(replyId);
    await recordAttempt(key, error);
  });
}

/**
 * sending → failed (or refused: the server answered no): the reply row goes, and a queued message is
 * failed with the reason (its Retry writes it again) and leaves the outbox.
 */
export function failReply(replyId: string, queued: { key: string; rowId: string } | undefined, reason: string): Promise<void> {
  return db.transaction('rw', db.messages, db.outbox, async () => {
    await db.messages.delete(replyId);
    if (!queued) return;
    await markFailed(queued.rowId, reason);
    await db.outbox.delete(queued.key);
  });
}

export async function markFailed(id: string, reason: string): Promise<void> {
  await db.messages.update(id, { state: 'failed', error: reason });
}
