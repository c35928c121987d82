import { refreshTokens } from '../auth/refresh';
import { isExpired, loadTokens } from '../auth/tokens';
import { waitingChats } from '../db/outbox';
import { deliverHead, refreshChatList, waitUnlessRefused } from './delivery';

let running: Promise<void> | null = null;
let again = false;

/**
 * Sends what waits in the outbox (DESIGN §3 "Outbox"): chats in the order of their oldest message,
 * within a chat one message at a time, oldest first. Single-flight: a call while a flush runs makes
 * that flush go round once more (something may have been queued behind it) instead of starting a
 * second one that would race it for the same messages.
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

async function flushOnce(): Promise<void> {
  if (!(await tokenReady())) return;
  const sent = { any: false };
  try {
    for (const chatId of await waitingChats()) {
      if (!(await flushChat(chatId, sent))) return;
    }
  } finally {
    // Once per flush, not per message: N replayed messages need one fresh recent list.
    if (sent.any) refreshChatList();
  }
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

/**
 * Sends a chat's queue until it is empty. False when the server could not be reached (or said to try
 * later): then nothing else is tried either, since the next message would fail the same way. A chat
 * whose head the window is sending right now is left to it.
 */
async function flushChat(chatId: string, sent: { any: boolean }): Promise<boolean> {
  for (;;) {
    const outcome = await deliverHead(chatId, { wait: waitUnlessRefused, refreshRecentList: false });
    if (typeof outcome === 'string') return true;
    if (outcome.kind === 'queued') return false;
    if (outcome.kind === 'stored') sent.any = true;
  }
}
