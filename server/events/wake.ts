import { EventEmitter } from 'node:events';
import { sql, type Kysely } from 'kysely';
import type { ReplyDelta } from '@core/contract';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';

/**
 * How a written event reaches the streams that wait for it. PostgreSQL: NOTIFY, sent inside the
 * change's transaction so it is delivered only when (and if) the change commits, to every instance
 * listening (the rows stay the truth; a notification only says "user X has news"). SQLite (one
 * instance): an in-process emitter; a stream woken before the commit reads on SQLite's one
 * connection, which waits for the transaction to end.
 */
export const local = new EventEmitter();
local.setMaxListeners(0);

/** Channel names carry the schema, so databases sharing one PostgreSQL server (tests) never hear each other. */
export const EVENTS_CHANNEL = 'cardchat_events';
export const DELTAS_CHANNEL = 'cardchat_deltas';

/** PostgreSQL refuses a notification payload of 8,000 bytes or more. */
const MAX_NOTIFY_BYTES = 7_900;

export async function wakeStreams(db: Kysely<Database>, userId: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`select pg_notify(${EVENTS_CHANNEL} || ':' || current_schema(), ${userId})`.execute(db);
  } else {
    local.emit(EVENTS_CHANNEL, userId);
  }
}

/**
 * A piece of a reply as it streams, straight to the person's devices: never a row, because a reply
 * is hundreds of pieces and the whole text is stored as one event when it is written.
 */
export async function publishDelta(db: Kysely<Database>, userId: string, delta: ReplyDelta): Promise<void> {
  if (!isPostgres(db)) {
    local.emit(DELTAS_CHANNEL, userId, delta);
    return;
  }
  const payload = JSON.stringify({ user_id: userId, delta });
  // Too long for one notification: this piece is left out of the live view; the stored reply has it.
  if (Buffer.byteLength(payload) >= MAX_NOTIFY_BYTES) return;
  await sql`select pg_notify(${DELTAS_CHANNEL} || ':' || current_schema(), ${payload})`.execute(db);
}
