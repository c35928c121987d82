import { refreshTokens } from '../../auth/refresh';
import { isExpired, loadTokens } from '../../auth/tokens';
import { deliverQueue } from './deliver';
import { waitUnlessRefused, type DeliveryOutcome } from './outcomes';
import { waitingChats } from './queue';
import { sendMemoryChanges } from './memoryChanges';
import { sendShareRequests } from './shareRequests';
import { sendAiChanges } from './aiChanges';

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends what waits in the outbox: changes to the AI settings first, then chats in the order of their oldest message, within a chat one
 * message (or change to a message) at a time, oldest first; then submissions and reports. Single-
 * flight: a call while a flush runs makes that flush go round once more (something may have been
 * queued behind it) instead of starting a second one that would race it for the same messages.
 */
export function flushOutbox(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    try {
      do {
        again = false;
        await acrossTabs(flushOnce);
      } while (again);
    } finally {
      running = null;
    }
  })();
  return running;
}

/**
 * Two open tabs both hear `online`; the Web Lock lets one flush at a time, so the second finds the
 * messages gone instead of sending them again (the server would answer 409 in_progress meanwhile).
 */
async function acrossTabs(work: () => Promise<void>): Promise<void> {
  // Missing outside secure contexts (and in some test DOMs): then this tab just flushes.
  const locks = navigator.locks as LockManager | null | undefined;
  if (locks) await locks.request('cardchat-outbox', work);
  else await work();
}

/** The longest Retry-After the outbox honours by itself; beyond it the other triggers still apply. */
export const MAX_RETRY_AFTER_MS = 60_000;

/**
 * The first wait after cardchat answered "not now" without saying how long (a 502 or 503 while it
 * restarts, 409 while another tab sends the message); doubled each time, up to MAX_RETRY_AFTER_MS.
 */
export const FIRST_RETRY_MS = 2_000;

/** The one flush scheduled after a wait (a later one replaces it). */
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** How many flushes in a row were told "not now" without a Retry-After. */
let refusals = 0;

/**
 * cardchat answered but said to try again later: nothing else may trigger a flush for a long while
 * (the device stays online and visible, so no event comes), so the outbox flushes itself then.
 * No answer at all is connectivity's to handle: its probes flush once cardchat answers again.
 */
function flushAfter(delayMs: number): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(
    () => {
      retryTimer = undefined;
      flushOutbox().catch((error: unknown) => console.error('Sending the waiting messages failed', error));
    },
    Math.min(delayMs, MAX_RETRY_AFTER_MS),
  );
}

/** The one flush scheduled for when the first delete waiting for its Undo may go, and that time. */
let holdTimer: ReturnType<typeof setTimeout> | undefined;
let holdAt = Infinity;

/**
 * A delete waits a few seconds for its Undo: the flush leaves its chat alone until then (other chats
 * go on), and flushes again when the first such wait ends. Also called when a delete is queued.
 */
export function flushWhenHeldEnds(at: number): void {
  if (at >= holdAt) return;
  clearTimeout(holdTimer);
  holdAt = at;
  holdTimer = setTimeout(
    () => {
      holdTimer = undefined;
      holdAt = Infinity;
      flushOutbox().catch((error: unknown) => console.error('Sending the waiting messages failed', error));
    },
    Math.max(0, at - Date.now()),
  );
}

/** Sign-out: a retry scheduled for the user who queued the messages must not fire for nobody (or the next user). */
export function cancelScheduledFlush(): void {
  clearTimeout(retryTimer);
  retryTimer = undefined;
  clearTimeout(holdTimer);
  holdTimer = undefined;
  holdAt = Infinity;
  refusals = 0;
}

/** Whether an answered wait (not a 401: that is the session's to sort out) is worth a flush of its own later. */
function retryLater({ retryAfterMs, status }: Extract<DeliveryOutcome, { kind: 'queued' }>): number | undefined {
  if (retryAfterMs !== undefined) return retryAfterMs;
  if (status === undefined || status === 401) return undefined;
  refusals += 1;
  return FIRST_RETRY_MS * 2 ** (refusals - 1);
}

async function flushOnce(): Promise<void> {
  if (!(await tokenReady())) return;
  // Settings changed on the device go before the chats: a message written after a change is answered with it.
  const settingsWait = await sendAiChanges();
  if (settingsWait) {
    const delay = retryLater(settingsWait);
    if (delay !== undefined) flushAfter(delay);
    return;
  }
  // A chat stopped by a wait stops the flush: the next chat's message would fail the same way.
  for (const chatId of await waitingChats()) {
    const replay = await deliverQueue(chatId, waitUnlessRefused);
    if (replay.heldUntil !== undefined) flushWhenHeldEnds(replay.heldUntil);
    const { stoppedBy } = replay;
    if (stoppedBy) {
      const delay = retryLater(stoppedBy);
      if (delay !== undefined) flushAfter(delay);
      return;
    }
  }
  refusals = 0;
  // Memory changes, submissions and reports made offline go after the messages, on the same triggers.
  await sendMemoryChanges();
  await sendShareRequests();
}

/**
 * A token that expired while offline is refreshed before the replay: sent without one, every message
 * would come back 401. No tokens, or a refresh that fails (network, or the session ended): the
 * messages keep waiting.
 */
async function tokenReady(): Promise<boolean> {
  const tokens = loadTokens();
  if (!tokens) return false;
  if (!isExpired(tokens)) return true;
  try {
    await refreshTokens();
    return true;
  } catch (error) {
    console.warn('The outbox waits: the session could not be refreshed', error);
    return false;
  }
}
