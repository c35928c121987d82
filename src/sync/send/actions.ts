import type { CompletionRequest } from '@core/contract';
import type { ChatSeed } from '../../db/chatMessages';
import type { LocalMessage } from '../../db/db';
import { checkNow, connectivity } from '../../lib/connectivity';
import { claim, release } from './claims';
import { deliverChangesAhead, deliverWritten } from './deliver';
import { flushOutbox } from './flush';
import type { DeliveryOutcome } from './outcomes';
import { streamReply } from './stream';
import { requestBackgroundSync } from './triggers';
import { dropStoppedReplies, writeAgain, writeMessage, type Written } from './write';

export type { DeliveryOutcome } from './outcomes';

export interface SendInput {
  seed: ChatSeed;
  content: string;
  /** Who the user is in the chat: the persona's name (signs the message) and id, or the profile name and null. */
  userName: string;
  personaId?: string | null;
  /** The greeting chosen for a new chat (0 = first_mes). */
  greetingIndex?: number;
  /** Stored without a reply: a part of a message too long for one, before its last part. */
  noReply?: boolean;
  /** In a group chat, the member the person chose to answer (absent: the group picks). */
  speakerId?: string | undefined;
  signal: AbortSignal;
}

/**
 * The window's send: the message is written (pending row and outbox entry) before anything goes out,
 * so nothing typed is lost; its client id is the idempotency key every resend uses.
 */
export function sendMessage({
  seed,
  content,
  userName,
  personaId,
  greetingIndex,
  noReply,
  speakerId,
  signal,
}: SendInput): Promise<DeliveryOutcome> {
  const typed = { clientId: crypto.randomUUID(), content, name: userName, sendDate: new Date().toISOString() };
  const request = {
    ...userRequest(seed, content, greetingIndex, personaId),
    ...(noReply ? { no_reply: true } : {}),
    ...(speakerId ? { speaker_id: speakerId } : {}),
  };
  return sendNowOrWait(seed.chat_id, () => writeMessage(seed, typed, request), signal);
}

/** Retry of a failed message: written again with the same idempotency key, so the server never stores it twice. */
export function retryMessage(
  seed: ChatSeed,
  row: LocalMessage,
  greetingIndex: number | undefined,
  signal: AbortSignal,
  personaId?: string | null,
): Promise<DeliveryOutcome> {
  return sendNowOrWait(seed.chat_id, () => writeAgain(row, userRequest(seed, row.content, greetingIndex, personaId)), signal);
}

/**
 * While cardchat answers, the chat is claimed before the message is written, and the message goes at
 * once, streamed, with Stop, unless an older one of its chat still waits (the replay sends them in
 * order). Otherwise it waits: busy (the replay is sending in this chat: it goes round again for it),
 * offline or unreachable for the triggers (triggers.ts); unreachable, the send is an action that needs
 * the server, so it probes at once: an answer flushes. When the claim ends, whatever a replay had to
 * pass by meanwhile (an edit made while the reply streamed) goes.
 */
async function sendNowOrWait(chatId: string, write: () => Promise<Written>, signal: AbortSignal): Promise<DeliveryOutcome> {
  const state = connectivity();
  const claimed = state === 'online' && claim(chatId);
  let outcome: DeliveryOutcome | 'behind' | 'unsent' = 'unsent';
  try {
    const written = await write();
    if (claimed) outcome = await deliverWritten(chatId, written, signal);
  } finally {
    if (claimed && release(chatId)) flushSoon();
  }
  if (typeof outcome !== 'string') {
    if (outcome.kind === 'queued') requestBackgroundSync();
    return outcome;
  }
  if (state === 'online') flushSoon();
  else requestBackgroundSync();
  if (state === 'unreachable') void checkNow();
  return { kind: 'queued' };
}

function flushSoon(): void {
  flushOutbox().catch((error: unknown) => console.error('Sending the waiting messages failed', error));
}

/**
 * A regeneration or a continuation (stored reply → sending again), with a key of its own that its
 * retry keeps: stopped replies go and the chat's waiting changes go first, so the server's prompt
 * has them; what still waits goes once it is done. A regeneration's version streams in where the
 * shown reply was (`last` may also be the user's message when no reply to it was stored, after Stop:
 * the server answers it, or a stopped reply that was never stored); a continuation's row starts
 * with the reply's text and hides it.
 */
async function replyAgain(
  kind: 'regenerate' | 'continue',
  seed: ChatSeed,
  last: LocalMessage,
  key: string,
  signal: AbortSignal,
  personaId: string | null | undefined,
): Promise<DeliveryOutcome> {
  await dropStoppedReplies(seed.chat_id);
  const waits = await deliverChangesAhead(seed.chat_id);
  const outcome = await streamReply({
    chatId: seed.chat_id,
    characterName: seed.character_name,
    request: { chat_id: seed.chat_id, [kind]: true, ...personaField(personaId), ...cardFields(seed) },
    key,
    signal,
    live: true,
    ...(kind === 'continue'
      ? { replySeq: last.seq, continues: last }
      : {
          replySeq: last.role === 'user' ? last.seq + 1 : last.seq,
          replacedId: last.role === 'assistant' && last.state === 'sent' ? last.id : undefined,
        }),
  });
  if (waits) flushSoon();
  return outcome;
}

/** A new version of the chat's last reply: the server adds it to the reply's swipes and shows it. */
export const regenerateReply = (seed: ChatSeed, last: LocalMessage, key: string, signal: AbortSignal, personaId?: string | null) =>
  replyAgain('regenerate', seed, last, key, signal, personaId);

/** The character goes on from its last reply (a stored one); what it writes is appended to that reply. */
export const continueReply = (seed: ChatSeed, last: LocalMessage, key: string, signal: AbortSignal, personaId?: string | null) =>
  replyAgain('continue', seed, last, key, signal, personaId);

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
