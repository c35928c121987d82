import { createStore } from '../../lib/store';

/**
 * The chats this tab is sending something of right now: one send per chat, so a chat's messages and
 * changes reach the server in order; the live send, the replay and a regeneration's changes all claim
 * here, so they never send the same entry twice at once. Claimed synchronously, before any await.
 */
const claimed = new Set<string>();

/** Chats a replay found claimed: what they hold back (a change made while a reply streamed) goes once they are free. */
const skipped = new Set<string>();

/** Who waits for a chat's claim to end (a regeneration behind an edit the replay is sending). */
const waiters = new Map<string, (() => void)[]>();

/**
 * The entry each claimed chat is sending, for the window to tell 'Sending…' from 'Waiting to send'.
 * A store apart from the claims: claiming (and finding nothing to send) repaints nothing.
 */
export const sendingByChat = createStore<ReadonlyMap<string, string>>(new Map());

export function claim(chatId: string): boolean {
  if (claimed.has(chatId)) return false;
  claimed.add(chatId);
  return true;
}

/** Claims the chat once whatever holds it now lets go. */
export async function claimWhenFree(chatId: string): Promise<void> {
  while (!claim(chatId)) await new Promise<void>((resolve) => waiters.set(chatId, [...(waiters.get(chatId) ?? []), resolve]));
}

/** The replay passed the chat by because it was claimed. */
export function noteSkipped(chatId: string): void {
  skipped.add(chatId);
}

/** The claimed chat is sending this entry now. */
export function markSending(chatId: string, clientId: string): void {
  sendingByChat.set(new Map(sendingByChat.get()).set(chatId, clientId));
}

/** Ends the claim. True when a replay passed the chat by meanwhile: the caller flushes, so what waits goes now. */
export function release(chatId: string): boolean {
  claimed.delete(chatId);
  const wasSkipped = skipped.delete(chatId);
  const resume = waiters.get(chatId);
  waiters.delete(chatId);
  resume?.forEach((resolve) => resolve());
  if (sendingByChat.get().has(chatId)) {
    const next = new Map(sendingByChat.get());
    next.delete(chatId);
    sendingByChat.set(next);
  }
  return wasSkipped;
}
