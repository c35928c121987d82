import type { CompletionRequest } from '@core/contract';
import { dropStoppedReplies, type ChatSeed } from '../db/chatMessages';
import type { LocalMessage } from '../db/db';
import { chatOutbox, enqueueMessage, requeueMessage } from '../db/outbox';
import { checkNow, connectivity } from '../lib/connectivity';
import { deliver, deliverChangesAhead, deliverHead, waitWhenUnreachable, type DeliveryOutcome } from './delivery';
import { flushOutbox } from './outbox';
import { requestBackgroundSync } from './outboxTriggers';

export { STOPPED_BEFORE_SAVED, type DeliveryOutcome } from './delivery';

export interface SendInput {
  seed: ChatSeed;
  content: string;
  /** Who the user is in the chat: the persona's name (signs the message) and id, or the profile name and null. */
  userName: string;
  personaId?: string | null;
  /** The greeting chosen for a new chat (0 = first_mes). */
  greetingIndex?: number;
  signal: AbortSignal;
}

/**
 * Sends a typed message. It is written to Dexie as pending and queued in the outbox before anything
 * goes out, so nothing typed is lost; its client id is the idempotency key every resend uses.
 */
export async function sendMessage({ seed, content, userName, personaId, greetingIndex, signal }: SendInput): Promise<DeliveryOutcome> {
  await dropStoppedReplies(seed.chat_id);
  const clientId = crypto.randomUUID();
  const message = { clientId, content, name: userName, sendDate: new Date().toISOString() };
  await enqueueMessage(seed, message, userRequest(seed, content, greetingIndex, personaId));
  return sendQueued(seed.chat_id, clientId, signal);
}

/** Queues a failed message again with the same idempotency key, so the server never stores it twice. */
export async function retryMessage(
  seed: ChatSeed,
  row: LocalMessage,
  greetingIndex: number | undefined,
  signal: AbortSignal,
  personaId?: string | null,
): Promise<DeliveryOutcome> {
  await requeueMessage(row, userRequest(seed, row.content, greetingIndex, personaId));
  return sendQueued(seed.chat_id, row.client_id ?? row.id, signal);
}

/**
 * While cardchat answers, a message just queued is sent at once and streamed, with Stop, when it is
 * the oldest of its chat; else it waits: behind older ones for the flush, which sends the chat's queue
 * in order; offline or unreachable for the triggers (outboxTriggers.ts). Unreachable, the send is a
 * user action that needs the server, so it probes at once: an answer flushes.
 */
async function sendQueued(chatId: string, clientId: string, signal: AbortSignal): Promise<DeliveryOutcome> {
  const state = connectivity();
  if (state === 'online') {
    const outcome = await deliverHead(chatId, { only: clientId, signal, wait: waitWhenUnreachable, refreshRecentList: true });
    if (typeof outcome !== 'string') {
      if (outcome.kind === 'queued') requestBackgroundSync();
      else await flushIfWaiting(chatId);
      return outcome;
    }
    flushOutbox().catch((error: unknown) => console.error('Sending the waiting messages failed', error));
  } else {
    requestBackgroundSync();
    if (state === 'unreachable') void checkNow();
  }
  return { kind: 'queued' };
}

/** Something the window started has ended: what it held back in the chat's queue (an edit made meanwhile) goes now. */
async function flushIfWaiting(chatId: string): Promise<void> {
  if ((await chatOutbox(chatId)).length > 0)
    flushOutbox().catch((error: unknown) => console.error('Sending the waiting messages failed', error));
}

/** A regeneration or a continuation: the chat's waiting changes go first, so the server's prompt has them. */
async function replyAgain(seed: ChatSeed, work: () => Promise<DeliveryOutcome>): Promise<DeliveryOutcome> {
  await dropStoppedReplies(seed.chat_id);
  await deliverChangesAhead(seed.chat_id);
  const outcome = await work();
  await flushIfWaiting(seed.chat_id);
  return outcome;
}

/**
 * Asks for a new version of the chat's last reply (the server adds it to the reply's swipes and
 * shows it); `key` is new per regeneration and kept for its retry. `last` may also be the user's
 * message when no reply to it was stored (after Stop: the server answers it), or a stopped reply
 * that was never stored.
 */
export function regenerateReply(
  seed: ChatSeed,
  last: LocalMessage,
  key: string,
  signal: AbortSignal,
  personaId?: string | null,
): Promise<DeliveryOutcome> {
  const request: CompletionRequest = { chat_id: seed.chat_id, regenerate: true, ...personaField(personaId), ...cardFields(seed) };
  const replySeq = last.role === 'user' ? last.seq + 1 : last.seq;
  const replacedId = last.role === 'assistant' && last.state === 'sent' ? last.id : undefined;
  return replyAgain(seed, () =>
    deliver({
      chatId: seed.chat_id,
      characterName: seed.character_name,
      request,
      key,
      replySeq,
      replacedId,
      signal,
      refreshRecentList: true,
    }),
  );
}

/** Asks the character to go on from its last reply (a stored one); what it writes is appended to that reply. */
export function continueReply(
  seed: ChatSeed,
  last: LocalMessage,
  key: string,
  signal: AbortSignal,
  personaId?: string | null,
): Promise<DeliveryOutcome> {
  const request: CompletionRequest = { chat_id: seed.chat_id, continue: true, ...personaField(personaId), ...cardFields(seed) };
  return replyAgain(seed, () =>
    deliver({
      chatId: seed.chat_id,
      characterName: seed.character_name,
      request,
      key,
      replySeq: last.seq,
      continues: last,
      signal,
      refreshRecentList: true,
    }),
  );
}

/**
 * A message's request. It names who the user is as they write it (a choice made offline travels with
 * it), so the reply is written to that persona whenever it goes out.
 */
function userRequest(
  seed: ChatSeed,
  content: string,
  greetingIndex: number | undefined,
  personaId: string | null | undefined,
): CompletionRequest {
  return {
    chat_id: seed.chat_id,
    messages: [{ role: 'user', content }],
    ...personaField(personaId),
    ...cardFields(seed),
    ...(greetingIndex === undefined ? {} : { greeting_index: greetingIndex }),
  };
}

/** Absent (not null) when the caller did not say: the server then keeps the chat's. */
const personaField = (personaId: string | null | undefined) => (personaId === undefined ? {} : { persona_id: personaId });

function cardFields(seed: ChatSeed): Partial<CompletionRequest> {
  return {
    // The person's clock for {{time}}, {{date}} and the like in the prompt and the greeting.
    time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    card_type: seed.card_type,
    character_name: seed.character_name,
    ...(seed.character_id ? { character_id: seed.character_id } : {}),
  };
}
