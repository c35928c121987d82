import { createStore } from '../../lib/store';

/**
 * The idempotency keys of sends this tab has had answered: the server holds the message and its reply
 * is streaming, so although it is still in the outbox it no longer waits (the top bar's count). Apart
 * from delivery.ts so the shell, on every page, reads it without loading the send code.
 */
export const answeredSends = createStore<ReadonlySet<string>>(new Set());

export function markAnswered(key: string): void {
  answeredSends.set(new Set(answeredSends.get()).add(key));
}

export function forgetAnswered(key: string): void {
  if (!answeredSends.get().has(key)) return;
  const next = new Set(answeredSends.get());
  next.delete(key);
  answeredSends.set(next);
}
