import type { CompletionRequest } from '@core/contract';
import { streamCompletion } from '../api/chatMessages';
import { ApiError } from '../api/errors';
import { loadTokens } from '../auth/tokens';
import {
  deleteMessage,
  markFailed,
  messageRow,
  moveToEnd,
  storeCompletion,
  STOPPED_REASON,
  STREAMING_REPLY_PREFIX,
} from '../db/chatMessages';
import type { LocalMessage } from '../db/db';
import { releaseHolds } from '../db/messageChanges';
import { completeItem, failItem, nextItem, queuedSends, recordAttempt, removeItem, type QueuedSend } from '../db/outbox';
import { createStore } from '../lib/store';
import { forgetAnswered, markAnswered } from './answeredSends';
import { deliverChange } from './changeDelivery';
import { pullChatList } from './chatList';
import { pullNewestMessages } from './chatMessages';
import { replyWriter } from './replyWriter';
import { endStreamingText } from './streamingText';
import { waiting, waitUnlessRefused, type DeliveryOutcome, type WaitPolicy } from './outcomes';

export { waitUnlessRefused, waitWhenUnreachable, type DeliveryOutcome, type WaitPolicy } from './outcomes';

/** What a user message's row says when Stop came before the server had saved it. */
export const STOPPED_BEFORE_SAVED = 'Stopped before the message was saved.';

/**
 * The chats this tab is sending a message of right now: one send per chat, so a chat's messages
 * reach the server in order; the live send and the flush both claim here, so they never send the
 * same message twice at once. Claimed synchronously, before any await.
 */
const claimed = new Set<string>();

/**
 * The message each claimed chat is sending, for the window to tell 'Sending…' from 'Waiting to send'.
 * A store apart from the claims: claiming (and finding nothing to send) repaints nothing.
 */
export const sendingByChat = createStore<ReadonlyMap<string, string>>(new Map());

function claim(chatId: string): boolean {
  if (claimed.has(chatId)) return false;
  claimed.add(chatId);
  return true;
}

/** Who waits for a chat's claim to end (a regeneration behind an edit the flush is sending). */
const waiters = new Map<string, (() => void)[]>();

/** Claims the chat once whatever holds it now lets go. */
async function claimWhenFree(chatId: string): Promise<void> {
  while (!claim(chatId)) await new Promise<void>((resolve) => waiters.set(chatId, [...(waiters.get(chatId) ?? []), resolve]));
}

function release(chatId: string): void {
  claimed.delete(chatId);
  const resume = waiters.get(chatId);
  waiters.delete(chatId);
  resume?.forEach((resolve) => resolve());
  if (!sendingByChat.get().has(chatId)) return;
  const next = new Map(sendingByChat.get());
  next.delete(chatId);
  sendingByChat.set(next);
}

/** Why the head of a chat's queue was not sent: another send of that chat is in flight, or nothing waits. */
export type NotSent = 'busy' | 'empty' | 'notHead';

/**
 * Sends the oldest queued message of a chat, if no other send of that chat is in flight here. With
 * `only`, just when that message is the oldest once the chat's changes made before it have gone (a
 * live send must not overtake older waiting messages, nor the edits and deletes made before it).
 */
export async function deliverHead(
  chatId: string,
  options: { only?: string; signal?: AbortSignal; wait: WaitPolicy; refreshRecentList: boolean },
): Promise<DeliveryOutcome | NotSent> {
  if (!claim(chatId)) return 'busy';
  try {
    return await sendHead(chatId, options);
  } finally {
    release(chatId);
  }
}

/**
 * How the replay of a chat's queue ended: how many messages it stored, and the wait that stopped it,
 * if one did, or the time a delete waiting for its Undo may go (ms since epoch).
 */
export interface QueueDelivery {
  stored: number;
  stoppedBy: Extract<DeliveryOutcome, { kind: 'queued' }> | null;
  heldUntil?: number;
}

/** A delete inside its Undo window: nothing of its chat goes before it may. */
const heldUntil = (item: QueuedSend['item'], now = Date.now()) =>
  item.kind !== 'message' && item.hold_until !== undefined && item.hold_until > now ? item.hold_until : undefined;

/**
 * The replay of a chat: its queued messages oldest first, each answered before the next goes (the
 * reply is part of the next prompt), until none waits or one has to wait (nothing else of the chat
 * can go before it). What waits is read once per round, not once per message, and the chat stays
 * claimed from one message to the next, so the window repaints once per message. Only this claim
 * sends or removes the chat's messages meanwhile; a sign-out (or another user's sign-in) ends the
 * round, since what was read belongs to the user who queued it. A chat whose message the window is
 * sending right now is left to it.
 */
export async function deliverQueue(chatId: string, wait: WaitPolicy): Promise<QueueDelivery> {
  const result: QueueDelivery = { stored: 0, stoppedBy: null };
  if (!claim(chatId)) return result;
  const user = loadTokens()?.subject;
  try {
    for (;;) {
      const queue = await queuedSends(chatId);
      if (queue.length === 0) return result;
      for (const next of queue) {
        if (loadTokens()?.subject !== user) return result;
        const held = heldUntil(next.item);
        if (held !== undefined) return { ...result, heldUntil: held };
        const outcome = await send(chatId, next, { wait, refreshRecentList: false });
        if (outcome.kind === 'queued') return { ...result, stoppedBy: outcome };
        if (outcome.kind === 'stored' && next.item.kind === 'message') result.stored += 1;
      }
    }
  } finally {
    release(chatId);
  }
}

/** deliverHead for a chat this caller has claimed: changes ahead of the message go first, in order. */
async function sendHead(
  chatId: string,
  options: { only?: string; signal?: AbortSignal; wait: WaitPolicy; refreshRecentList: boolean },
): Promise<DeliveryOutcome | Exclude<NotSent, 'busy'>> {
  for (;;) {
    const next = await nextItem(chatId);
    if (!next) return 'empty';
    if (next.item.kind !== 'message' && options.only !== undefined && heldUntil(next.item) === undefined) {
      const outcome = await send(chatId, next, { ...options, wait: waitUnlessRefused });
      if (outcome.kind === 'queued') return outcome;
      continue;
    }
    if (options.only !== undefined && next.item.client_id !== options.only) return 'notHead';
    return send(chatId, next, options);
  }
}

/**
 * Before a regeneration or a continuation (which read the chat as the server has it), the chat's
 * changes still waiting go, deletes waiting for their Undo included: the person moved on. One that
 * has to wait leaves the rest waiting too; the AI call goes anyway.
 */
export async function deliverChangesAhead(chatId: string): Promise<void> {
  await releaseHolds(chatId);
  // The flush may be sending one of them right now: the AI call must not overtake it.
  await claimWhenFree(chatId);
  try {
    for (let next = await nextItem(chatId); next && next.item.kind !== 'message'; next = await nextItem(chatId)) {
      if ((await deliverChange(next.item, waitUnlessRefused)).kind === 'queued') return;
    }
  } finally {
    release(chatId);
  }
}

function send(
  chatId: string,
  next: QueuedSend,
  options: { signal?: AbortSignal; wait: WaitPolicy; refreshRecentList: boolean },
): Promise<DeliveryOutcome> {
  sendingByChat.set(new Map(sendingByChat.get()).set(chatId, next.item.client_id));
  if (!('replySeq' in next)) return deliverChange(next.item, options.wait);
  const { item, replySeq } = next;
  return deliver({
    chatId,
    characterName: item.request.character_name ?? '',
    request: item.request,
    key: item.client_id,
    replySeq,
    queued: { rowId: item.client_id, wait: options.wait },
    signal: options.signal,
    refreshRecentList: options.refreshRecentList,
  });
}

interface Delivery {
  chatId: string;
  characterName: string;
  request: CompletionRequest;
  /** The idempotency key: the user message's client id, or a regeneration's own id. */
  key: string;
  replySeq: number;
  /** The queued user message this delivers (its outbox item has the same key), and when it may wait. */
  queued?: { rowId: string; wait: WaitPolicy };
  /** The reply a regeneration replaces. */
  replacedId?: string;
  /** The stored reply a continuation goes on from: the streaming row starts with its text and hides it. */
  continues?: LocalMessage;
  /** Stop; the background flush has none. */
  signal?: AbortSignal;
  /** Pull the recent list after the reply (the spec's refresh); a flush does it once at its end instead. */
  refreshRecentList: boolean;
}

/** Streams one completion into Dexie and settles the rows (and the outbox item) by how it ended. */
export async function deliver({
  chatId,
  characterName,
  request,
  key,
  replySeq,
  queued,
  replacedId,
  continues,
  signal,
  refreshRecentList,
}: Delivery): Promise<DeliveryOutcome> {
  const replyId = `${STREAMING_REPLY_PREFIX}${key}`;
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
      onAnswer: () => markAnswered(key),
      onDelta: reply.append,
    });
    await reply.close({ save: false });
    const replaced = [replyId, ...(queued ? [queued.rowId] : []), ...(replacedId ? [replacedId] : [])];
    await (queued ? completeItem(key, result, replaced) : storeCompletion(result, replaced));
    if (refreshRecentList) refreshChatList();
    return { kind: 'stored' };
  } catch (error) {
    // Not stored: if it stays in the outbox it is waiting again. (A stored one has left the outbox
    // by now; forgetting it too would flash it as waiting until the outbox's live query catches up.)
    forgetAnswered(key);
    // Stop keeps what arrived on screen, so its row gets all of it.
    await reply.close({ save: Boolean(signal?.aborted) });
    if (signal?.aborted) return stopped(chatId, replyId, reply.added ? reply.text : '', queued?.rowId);
    await deleteMessage(replyId);
    const apiError = error instanceof ApiError ? error : null;
    if (queued && apiError && queued.wait(apiError)) {
      await recordAttempt(key, apiError.message);
      return waiting(apiError);
    }
    const reason = apiError?.message ?? 'Something went wrong.';
    if (queued) await failItem(key, queued.rowId, reason);
    // The server answered: it usually kept the message (and a new chat) though the reply failed.
    if (refreshRecentList && apiError) refreshChatList();
    return { kind: 'failed', reason };
  } finally {
    endStreamingText(replyId);
  }
}

/** The spec refreshes the recent list after a reply; a failure there leaves the reply stored. */
export function refreshChatList(): void {
  pullChatList().catch((error: unknown) => console.error('Failed to refresh the recent list', error));
}

/**
 * Stop: the server stores no reply for an aborted stream, so what arrived stays on screen marked as
 * stopped and not saved (until the chat moves on). Whether the user's message was saved before the
 * abort only the server knows: the newest page tells, and a message it lacks is failed, with Retry
 * (which queues it again). Either way the user ended this send, so it leaves the outbox: a replay
 * must not send what they stopped.
 */
async function stopped(chatId: string, replyId: string, text: string, userRowId: string | undefined): Promise<DeliveryOutcome> {
  if (text === '') await deleteMessage(replyId);
  else await markFailed(replyId, STOPPED_REASON);
  if (userRowId) {
    await removeItem(userRowId);
    await pullNewestMessages(chatId).catch(() => undefined);
    const row = await messageRow(userRowId);
    if (row?.state === 'pending') await markFailed(userRowId, STOPPED_BEFORE_SAVED);
    if (text !== '') await moveToEnd(chatId, replyId);
  }
  return { kind: 'stopped' };
}
