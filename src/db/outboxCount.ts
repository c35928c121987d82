import { db } from './db';

/**
 * How many messages wait to be sent, for log out (usable in useLiveQuery). Apart from db/outbox.ts
 * so the shell, on every page, does not load the message queries with it.
 */
export function waitingCount(): Promise<number> {
  return db.outbox.count();
}

/** What the top bar needs of each waiting message: which it is and since when it waits. */
export interface WaitingSince {
  clientId: string;
  since: number;
}

export async function waitingSince(): Promise<WaitingSince[]> {
  const items = await db.outbox.toArray();
  return items.map((item) => ({ clientId: item.client_id, since: Date.parse(item.created_at) }));
}
