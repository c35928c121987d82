import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Jobs: long work (a chat import, an account export, an account deletion) as rows any instance may
 * lease and run off the request path (server/jobs/README.md). `user_id` has no foreign key: an
 * account deletion's job outlives the user row it removes. Deletions recorded before this migration
 * and not finished yet become jobs here, so they go on as every later one does.
 *
 * `rate_limits`: the counters of the per-minute and per-hour limits when instances share PostgreSQL
 * (one row per key and window); SQLite keeps them in memory.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull())
    // 1: one at a time per account (imports, exports), whatever the instance.
    .addColumn('heavy', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('payload', 'text', (col) => col.notNull())
    // queued → running → done | failed; back to queued for a retry.
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('run_after', 'text', (col) => col.notNull())
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'text')
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('progress', 'text')
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_claim_index').on('jobs').columns(['state', 'run_after']).execute();
  await db.schema.createIndex('jobs_user_index').on('jobs').columns(['user_id', 'created_at']).execute();

  const unfinished = await db
    .selectFrom('account_deletions')
    .select(['user_id', 'requested_at'])
    .where('finished_at', 'is', null)
    .execute();
  const now = new Date().toISOString();
  for (const { user_id, requested_at } of unfinished) {
    await db
      .insertInto('jobs')
      .values({
        id: randomUUID(),
        kind: 'account_deletion',
        user_id,
        heavy: 0,
        payload: '{}',
        state: 'queued',
        run_after: now,
        attempts: 0,
        created_at: requested_at,
        updated_at: now,
      })
      .execute();
  }

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (col) => col.primaryKey())
    // Milliseconds since the epoch at which this key's window ends.
    .addColumn('window_ends', 'bigint', (col) => col.notNull())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('rate_limits_window_index').on('rate_limits').column('window_ends').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rate_limits').execute();
  await db.schema.dropTable('jobs').execute();
}
