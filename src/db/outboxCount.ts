import { db } from './db';

/**
 * How many messages wait to be sent, for log out (usable in useLiveQuery). Apart from sync/send/
 * so the shell, on every page, does not load the message queries with it.
 */
export function waitingCount(): Promise<number> {
  return db.outbox.count();
}

/**
 * What waits, told apart for log out's warning: messages, changes to stored messages (edits,
 * deletes), and submissions and reports (the share requests).
 */
export async function waitingKinds(): Promise<{ messages: number; changes: number; shares: number }> {
  const messages = await db.outbox.where('kind').equals('message').count();
  return { messages, changes: (await db.outbox.count()) - messages, shares: await db.shareOutbox.count() };
}

/** What the top bar needs of each waiting message or change: which it is and since when it waits. */
export interface WaitingSince {
  clientId: string;
  since: number;
  /** An edit or a delete rather than a message. */
  change: boolean;
}

/** A delete only starts to wait once its Undo window is over: until then it is held on purpose. */
export async function waitingSince(): Promise<WaitingSince[]> {
  const items = await db.outbox.toArray();
  return items.map((item) => ({
    clientId: item.client_id,
    since: item.kind !== 'message' && item.hold_until !== undefined ? item.hold_until : Date.parse(item.created_at),
    change: item.kind !== 'message',
  }));
}
