import type { CompletionRequest } from '@core/contract';
import { streamCompletion } from '../../api/chatMessages';
import { ApiError } from '../../api/errors';
import { STREAMING_REPLY_PREFIX } from '../../db/chatMessages';
import type { LocalMessage } from '../../db/db';
import { pullChatList } from '../chatList';
import { forgetAnswered, markAnswered } from './answeredSends';
import { waiting, type DeliveryOutcome, type WaitPolicy } from './outcomes';
import { replyWriter } from './replyWriter';
import { failReply, keepWaiting, storeReply } from './settle';
import { stopReply } from './stop';
import { endStreamingText, reasoningKey } from './streamingText';

export interface Delivery {
  chatId: string;
  characterName: string;
  request: CompletionRequest;
  /** The idempotency key: the user message's client id, or a regeneration's own id. */
  key: string;
  replySeq: number;
  /** The queued user message this delivers (its outbox entry has the same key), and when it may wait. */
  queued?: { rowId: string; wait: WaitPolicy };
  /** The reply a regeneration replaces. */
  replacedId?: string;
  /** The stored reply a continuation goes on from: the streaming row starts with its text and hides it. */
  continues?: LocalMessage;
  /** Stop; the replay has none. */
  signal?: AbortSignal;
  /** The person is watching (the window's send, retry, regeneration), not the replay. */
  live: boolean;
}

/**
 * sending → streaming → stored, stopped, failed or waiting again. The reply streams into a row of its
 * own (`reply-` + the key) through replyWriter; the server's answer (its stored rows) settles it.
 */
export async function streamReply(delivery: Delivery): Promise<DeliveryOutcome> {
  const { chatId, characterName, request, key, replySeq, queued, replacedId, continues, signal, live } = delivery;
  const replyId = `${STREAMING_REPLY_PREFIX}${key}`;
  const replaced = [replyId, ...(queued ? [queued.rowId] : []), ...(replacedId ? [replacedId] : [])];
  const reply = replyWriter({
    id: replyId,
    client_id: null,
    chat_id: chatId,
    seq: replySeq,
    role: 'assistant',
    content: continues?.content ?? '',
    name: characterName,
    send_date: continues?.send_date ?? new Date().toISOString(),
    state: 'streaming',
    ...(continues ? { continues: continues.id } : {}),
  });
  try {
    const result = await streamCompletion(request, {
      idempotencyKey: key,
      signal,
      // streaming: the server holds the message now; its reply is on the way.
      onAnswer: () => markAnswered(key),
      onDelta: reply.append,
      onReasoning: reply.think,
    });
    await reply.close({ save: false });
    await storeReply(result, { replaced, queuedKey: queued ? key : undefined, personaId: request.persona_id });
    return { kind: 'stored' };
  } catch (error) {
    return await settleFailure(error);
  } finally {
    endStreamingText(replyId);
    endStreamingText(reasoningKey(replyId));
  }

  async function settleFailure(error: unknown): Promise<DeliveryOutcome> {
    // Not stored: if it stays in the outbox it is waiting again. (A stored one has left the outbox
    // by now; forgetting it too would flash it as waiting until the outbox's live query catches up.)
    forgetAnswered(key);
    // Stop keeps what arrived on screen, so its row gets all of it.
    await reply.close({ save: Boolean(signal?.aborted) });
    if (signal?.aborted) {
      const text = reply.added ? reply.text : '';
      return stopReply({ chatId, key, replyId, text, userRowId: queued?.rowId, replaced, personaId: request.persona_id });
    }
    const apiError = error instanceof ApiError ? error : null;
    if (queued && apiError && queued.wait(apiError)) {
      await keepWaiting(replyId, key, apiError.message);
      return waiting(apiError);
    }
    const reason = apiError?.message ?? 'Something went wrong.';
    await failReply(replyId, queued ? { key, rowId: queued.rowId } : undefined, reason);
    // The server answered: it usually kept the message (and a new chat) though the reply failed, and
    // only its list says so. A stored reply needs no such pull: its answer updated the chat's row.
    if (live && apiError) pullChatList().catch((pullError: unknown) => console.error('Failed to refresh the recent list', pullError));
    return { kind: 'failed', reason };
  }
}
