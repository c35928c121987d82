import type { CompletionRequest } from '../../core/types';
import { streamCompletion } from '../api/chatMessages';
import { ApiError } from '../api/errors';
import {
  deleteMessage,
  dropStoppedReplies,
  markFailed,
  markPending,
  messageRow,
  moveToEnd,
  putMessage,
  setMessageText,
  storeCompletion,
  STOPPED_REASON,
  writePendingMessage,
  type ChatSeed,
} from '../db/chatMessages';
import type { LocalMessage } from '../db/db';
import { pullChatList } from './chatList';
import { pullNewestMessages } from './chatMessages';

/** How a send, retry or regeneration ended; the rows in Dexie already say the same. */
export type DeliveryOutcome = { kind: 'stored' } | { kind: 'stopped' } | { kind: 'failed'; reason: string };

/** What a user message's row says when Stop came before the server had saved it. */
export const STOPPED_BEFORE_SAVED = 'Stopped before the message was saved.';

interface Delivery {
  seed: ChatSeed;
  request: CompletionRequest;
  /** The idempotency key: the user message's client id, or a regeneration's own id. */
  key: string;
  replySeq: number;
  /** The pending user message this delivers, if any. */
  userRowId?: string;
  /** The reply a regeneration replaces. */
  replacedId?: string;
  signal: AbortSignal;
}

export interface SendInput {
  seed: ChatSeed;
  content: string;
  userName: string;
  /** The greeting chosen for a new chat (0 = first_mes). */
  greetingIndex?: number;
  signal: AbortSignal;
}

/**
 * Sends a typed message. It is written to Dexie as pending before anything goes out, so nothing typed
 * is lost; its client id is the idempotency key, which a later outbox can resend with.
 */
export async function sendMessage({ seed, content, userName, greetingIndex, signal }: SendInput): Promise<DeliveryOutcome> {
  await dropStoppedReplies(seed.chat_id);
  const row = await writePendingMessage(seed, {
    clientId: crypto.randomUUID(),
    content,
    name: userName,
    sendDate: new Date().toISOString(),
  });
  return deliver({ seed, request: userRequest(seed, row.content, greetingIndex), key: row.id, replySeq: row.seq + 1, userRowId: row.id, signal });
}

/** Sends a failed message again with the same idempotency key, so the server never stores it twice. */
export async function retryMessage(seed: ChatSeed, row: LocalMessage, greetingIndex: number | undefined, signal: AbortSignal): Promise<DeliveryOutcome> {
  await markPending(row.id);
  const key = row.client_id ?? row.id;
  return deliver({ seed, request: userRequest(seed, row.content, greetingIndex), key, replySeq: row.seq + 1, userRowId: row.id, signal });
}

/**
 * Asks for a new version of the chat's last reply; `key` is new per regeneration and kept for its
 * retry. The server answers the last user message again, so `last` may also be that message itself
 * when no reply to it was stored (after Stop), or a stopped reply that was never stored.
 */
export async function regenerateReply(seed: ChatSeed, last: LocalMessage, key: string, signal: AbortSignal): Promise<DeliveryOutcome> {
  await dropStoppedReplies(seed.chat_id);
  const request: CompletionRequest = { chat_id: seed.chat_id, regenerate: true, ...cardFields(seed) };
  const replySeq = last.role === 'user' ? last.seq + 1 : last.seq;
  const replacedId = last.role === 'assistant' && last.state === 'sent' ? last.id : undefined;
  return deliver({ seed, request, key, replySeq, replacedId, signal });
}

function userRequest(seed: ChatSeed, content: string, greetingIndex: number | undefined): CompletionRequest {
  return {
    chat_id: seed.chat_id,
    messages: [{ role: 'user', content }],
    ...cardFields(seed),
    ...(greetingIndex === undefined ? {} : { greeting_index: greetingIndex }),
  };
}

function cardFields(seed: ChatSeed): Partial<CompletionRequest> {
  return {
    card_type: seed.card_type,
    character_name: seed.character_name,
    ...(seed.character_id ? { character_id: seed.character_id } : {}),
  };
}

async function deliver({ seed, request, key, replySeq, userRowId, replacedId, signal }: Delivery): Promise<DeliveryOutcome> {
  const replyId = `reply-${key}`;
  await putMessage({
    id: replyId,
    client_id: null,
    chat_id: seed.chat_id,
    seq: replySeq,
    role: 'assistant',
    content: '',
    name: seed.character_name,
    send_date: new Date().toISOString(),
    state: 'streaming',
  });
  const reply = replyWriter(replyId);
  try {
    const result = await streamCompletion(request, { idempotencyKey: key, signal, onDelta: reply.append });
    await reply.settled();
    await storeCompletion(result, [replyId, ...(userRowId ? [userRowId] : []), ...(replacedId ? [replacedId] : [])]);
    // The spec refreshes the recent list after a reply; a failure there leaves the reply stored.
    pullChatList().catch((error: unknown) => console.error('Failed to refresh the recent list', error));
    return { kind: 'stored' };
  } catch (error) {
    await reply.settled();
    if (signal.aborted) return stopped(seed.chat_id, replyId, reply.text, userRowId);
    await deleteMessage(replyId);
    const reason = error instanceof ApiError ? error.message : 'Something went wrong.';
    if (userRowId) await markFailed(userRowId, reason);
    return { kind: 'failed', reason };
  }
}

/**
 * Stop: the server stores no reply for an aborted stream, so what arrived stays on screen marked as
 * stopped and not saved (until the chat moves on). Whether the user's message was saved before the
 * abort only the server knows: the newest page tells, and a message it lacks is failed, with Retry.
 */
async function stopped(chatId: string, replyId: string, text: string, userRowId: string | undefined): Promise<DeliveryOutcome> {
  if (text === '') await deleteMessage(replyId);
  else await markFailed(replyId, STOPPED_REASON);
  if (userRowId) {
    await pullNewestMessages(chatId).catch(() => undefined);
    const row = await messageRow(userRowId);
    if (row?.state === 'pending') await markFailed(userRowId, STOPPED_BEFORE_SAVED);
    if (text !== '') await moveToEnd(chatId, replyId);
  }
  return { kind: 'stopped' };
}

/**
 * Writes streamed text into the reply's row as it arrives, one write at a time: pieces that come
 * during a write go out together in the next, so a fast stream never queues up writes.
 */
function replyWriter(id: string) {
  let text = '';
  let written = '';
  let writing: Promise<void> | null = null;
  const pump = async () => {
    while (written !== text) {
      const next = text;
      await setMessageText(id, next).catch((error: unknown) => console.error('Failed to save the streaming reply', error));
      written = next;
    }
    writing = null;
  };
  return {
    append(piece: string) {
      text += piece;
      writing ??= pump();
    },
    get text() {
      return text;
    },
    async settled() {
      await writing;
    },
  };
}
