import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';

/**
 * Counts one hit of `key` in its window and returns the count and when the window ends (ms). One
 * statement, so instances counting the same key at once each see their own count: a window that
 * ended starts again at 1.
 */
export async function countHit(
  db: Kysely<Database>,
  key: string,
  now: number,
  windowMs: number,
): Promise<{ count: number; windowEnds: number }> {
  const ends = now + windowMs;
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_ends: ends, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.window_ends <= ${now} then 1 else rate_limits.count + 1 end`,
        window_ends: sql<number>`case when rate_limits.window_ends <= ${now} then ${ends} else rate_limits.window_ends end`,
      }),
    )
    .returning(['count', 'window_ends'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), windowEnds: Number(row.window_ends) };
}

/** Counters whose windows ended before `before` (ms): nobody needs them any more. */
export async function deleteEndedWindows(db: Kysely<Database>, before: number): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_ends', '<', before).execute();
}
