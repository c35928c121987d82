import { db } from './db';

/**
 * How many messages wait to be sent, for the top bar and log out (usable in useLiveQuery). Apart
 * from db/outbox.ts so the shell, on every page, does not load the message queries with it.
 */
export function waitingCount(): Promise<number> {
  return db.outbox.count();
}
