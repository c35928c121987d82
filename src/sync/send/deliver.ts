import { loadTokens } from '../../auth/tokens';
import { releaseHolds } from '../../db/messageChanges';
import { deliverChange } from './changeDelivery';
import { claim, claimWhenFree, markSending, noteSkipped, release } from './claims';
import { waitUnlessRefused, waitWhenUnreachable, type DeliveryOutcome, type WaitPolicy } from './outcomes';
import { heldUntil, queuedSends, type QueuedSend } from './queue';
import { streamReply } from './stream';
import type { Written } from './write';

/**
 * waiting → sending, for a message the window just wrote (the chat claimed before it was written): the
 * changes queued before it go first, live (holds were released as it was written); then it goes,
 * streamed, with Stop. 'behind' when an older message of the chat still waits (or a delete inside its
 * Undo window, before a Retry): the replay sends the chat's queue in order, this one last.
 */
export async function deliverWritten(chatId: string, { send, ahead }: Written, signal: AbortSignal): Promise<DeliveryOutcome | 'behind'> {
  for (const item of ahead) {
    if (item.kind === 'message' || heldUntil(item) !== undefined) return 'behind';
    const outcome = await sendItem(chatId, { item }, { wait: waitUnlessRefused, live: true });
    if (outcome.kind === 'queued') return outcome;
  }
  return sendItem(chatId, send, { signal, wait: waitWhenUnreachable, live: true });
}

/**
 * How the replay of a chat's queue ended: the wait that stopped it, if one did, or the time a delete
 * waiting for its Undo may go (ms since epoch).
 */
export interface QueueDelivery {
  stoppedBy: Extract<DeliveryOutcome, { kind: 'queued' }> | null;
  heldUntil?: number;
}

/**
 * waiting → sending, the replay of a chat: its queued messages and changes oldest first, each answered
 * before the next goes (a reply is part of the next prompt), until none waits or one has to wait
 * (nothing else of the chat can go before it). What waits is read once per round, not once per
 * message, and the chat stays claimed from one entry to the next, so the window repaints once per
 * message. Only this claim sends or removes the chat's entries meanwhile; a sign-out (or another
 * user's sign-in) ends the round, since what was read belongs to the user who queued it. A chat the
 * window is sending in right now is left to it (it flushes again when it lets go).
 */
export async function deliverQueue(chatId: string, wait: WaitPolicy): Promise<QueueDelivery> {
  const result: QueueDelivery = { stoppedBy: null };
  if (!claim(chatId)) {
    noteSkipped(chatId);
    return result;
  }
  const user = loadTokens()?.subject;
  try {
    for (;;) {
      const queue = await queuedSends(chatId);
      if (queue.length === 0) return result;
      for (const next of queue) {
        if (loadTokens()?.subject !== user) return result;
        const held = heldUntil(next.item);
        if (held !== undefined) return { ...result, heldUntil: held };
        const outcome = await sendItem(chatId, next, { wait, live: false });
        if (outcome.kind === 'queued') return { ...result, stoppedBy: outcome };
      }
    }
  } finally {
    release(chatId);
  }
}

/**
 * Before a regeneration or a continuation (which read the chat as the server has it), the chat's
 * changes still waiting go, deletes waiting for their Undo included: the person moved on. One that
 * has to wait leaves the rest waiting too; the AI call goes anyway. True when something of the chat
 * still waits (a message, or a change told to wait): the caller flushes once its reply is in.
 */
export async function deliverChangesAhead(chatId: string): Promise<boolean> {
  await releaseHolds(chatId);
  // The replay may be sending one of them right now: the AI call must not overtake it.
  await claimWhenFree(chatId);
  let waits = false;
  try {
    for (const { item } of await queuedSends(chatId)) {
      waits = item.kind === 'message' || (await deliverChange(item, waitUnlessRefused)).kind === 'queued';
      if (waits) break;
    }
  } finally {
    waits = release(chatId) || waits;
  }
  return waits;
}

/**
 * Sends one queued entry of a claimed chat: a message streams its reply (stream.ts), a change goes as
 * its request (changeDelivery.ts). `live`: the person is watching it go (the window's send).
 */
function sendItem(
  chatId: string,
  next: QueuedSend,
  options: { signal?: AbortSignal; wait: WaitPolicy; live: boolean },
): Promise<DeliveryOutcome> {
  markSending(chatId, next.item.client_id);
  if (!('replySeq' in next)) return deliverChange(next.item, options.wait);
  const { item, replySeq } = next;
  return streamReply({
    chatId,
    characterName: item.request.character_name ?? '',
    request: item.request,
    key: item.client_id,
    replySeq,
    queued: { rowId: item.client_id, wait: options.wait },
    signal: options.signal,
    live: options.live,
  });
}
