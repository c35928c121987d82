import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, EventsTable } from '../schema';

/**
 * Takes the person's next event id. The counter's row stays locked until the transaction ends, so a
 * person's events commit in the order of their ids and a stream reading `id > n` never skips one.
 */
export async function nextEventId(trx: Transaction<Database>, userId: string): Promise<number> {
  const row = await trx
    .insertInto('event_counters')
    .values({ user_id: userId, last_id: 1 })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ last_id: sql`event_counters.last_id + 1` }))
    .returning('last_id')
    .executeTakeFirstOrThrow();
  return Number(row.last_id);
}

export async function insertEvent(trx: Transaction<Database>, event: EventsTable): Promise<void> {
  await trx.insertInto('events').values(event).execute();
}

/** The person's newest event id (0 before any). */
export async function lastEventId(db: Kysely<Database>, userId: string): Promise<number> {
  const row = await db.selectFrom('event_counters').select('last_id').where('user_id', '=', userId).executeTakeFirst();
  return row ? Number(row.last_id) : 0;
}

/** The oldest event still kept for the person, if any. */
export async function oldestEventId(db: Kysely<Database>, userId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('events')
    .select((eb) => eb.fn.min('id').as('oldest'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.oldest == null ? undefined : Number(row.oldest);
}

export async function eventsAfter(db: Kysely<Database>, userId: string, after: number, limit: number) {
  const rows = await db
    .selectFrom('events')
    .select(['id', 'kind', 'payload', 'origin'])
    .where('user_id', '=', userId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** Deletes events written before `before` (ISO-8601); the counters stay, so ids never go back. */
export async function pruneEvents(db: Kysely<Database>, before: string): Promise<void> {
  await db.deleteFrom('events').where('created_at', '<', before).execute();
}
