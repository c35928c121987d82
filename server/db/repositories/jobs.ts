import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, JobRow, JobState } from '../schema';
import { lockOwner } from './images';

export interface NewJob {
  id: string;
  kind: string;
  userId: string;
  heavy: boolean;
  payload: unknown;
  now: string;
}

export async function insertJob(db: Kysely<Database>, job: NewJob): Promise<void> {
  await db
    .insertInto('jobs')
    .values({
      id: job.id,
      kind: job.kind,
      user_id: job.userId,
      heavy: job.heavy ? 1 : 0,
      payload: JSON.stringify(job.payload),
      state: 'queued',
      run_after: job.now,
      attempts: 0,
      created_at: job.now,
      updated_at: job.now,
    })
    .execute();
}

/** A job that is waiting its turn or whose instance stopped renewing its lease. */
const claimable = (now: string) => (eb: ExpressionBuilder<Database, 'jobs'>) =>
  eb.or([
    eb.and([eb('state', '=', 'queued'), eb('run_after', '<=', now)]),
    eb.and([eb('state', '=', 'running'), eb('lease_expires_at', '<', now)]),
  ]);

/** Whether any job is waiting for an instance now (a cheap look before starting the runner). */
export async function hasClaimableJob(db: Kysely<Database>, now: string): Promise<boolean> {
  return (await db.selectFrom('jobs').select('id').where(claimable(now)).limit(1).executeTakeFirst()) !== undefined;
}

export interface Lease {
  owner: string;
  now: string;
  until: string;
}

/**
 * Leases the oldest job this instance may run, or undefined. A heavy job is taken only while no
 * other heavy job of its account runs anywhere: the account's row lock (as uploads take it) makes two
 * instances claiming for one account take turns, and the conditional update makes two instances
 * claiming one job agree on one winner.
 */
export async function claimJob(db: Kysely<Database>, kinds: readonly string[], lease: Lease): Promise<JobRow | undefined> {
  const candidates = await db
    .selectFrom('jobs')
    .select(['id', 'user_id', 'heavy'])
    .where(claimable(lease.now))
    .where('kind', 'in', kinds)
    .orderBy('created_at')
    .limit(20)
    .execute();
  for (const candidate of candidates) {
    const claimed = await db.transaction().execute(async (trx) => {
      if (candidate.heavy) {
        await lockOwner(trx, candidate.user_id);
        const busy = await trx
          .selectFrom('jobs')
          .select('id')
          .where('user_id', '=', candidate.user_id)
          .where('heavy', '=', 1)
          .where('state', '=', 'running')
          .where('lease_expires_at', '>=', lease.now)
          .where('id', '!=', candidate.id)
          .executeTakeFirst();
        if (busy) return undefined;
      }
      return trx
        .updateTable('jobs')
        .set((eb) => ({
          state: 'running',
          lease_owner: lease.owner,
          lease_expires_at: lease.until,
          attempts: eb('attempts', '+', 1),
          updated_at: lease.now,
        }))
        .where('id', '=', candidate.id)
        .where(claimable(lease.now))
        .returningAll()
        .executeTakeFirst();
    });
    if (claimed) return claimed;
  }
  return undefined;
}

/** Extends the lease; false when this instance no longer holds it (it expired and another took the job). */
export async function renewLease(db: Kysely<Database>, id: string, owner: string, until: string): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({ lease_expires_at: until })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function saveProgress(db: Kysely<Database>, id: string, owner: string, progress: unknown): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ progress: JSON.stringify(progress) })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

export interface JobEnd {
  state: Extract<JobState, 'done' | 'failed'>;
  result?: unknown;
  error?: { status: number; code: string; message: string };
  now: string;
}

/**
 * Ends the job as done or failed, in the caller's transaction, only while this instance holds its
 * lease; false otherwise (the caller's transaction must then not commit its own writes either).
 */
export async function endJob(db: Kysely<Database>, id: string, owner: string, end: JobEnd): Promise<boolean> {
  const result = await db
    .updateTable('jobs')
    .set({
      state: end.state,
      result: end.result === undefined ? null : JSON.stringify(end.result),
      error: end.error ? JSON.stringify(end.error) : null,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: end.now,
      finished_at: end.now,
    })
    .where('id', '=', id)
    .where('state', '=', 'running')
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Gives the job back to the queue (a retry after `runAfter`, or at once when this instance stops). */
export async function requeueJob(db: Kysely<Database>, id: string, owner: string, runAfter: string, now: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ state: 'queued', run_after: runAfter, lease_owner: null, lease_expires_at: null, updated_at: now })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .execute();
}

export function findJob(db: Kysely<Database>, id: string): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's jobs since `since` (ISO), newest first. */
export function userJobs(db: Kysely<Database>, userId: string, since: string, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('user_id', '=', userId)
    .where('created_at', '>=', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** How many of the user's jobs of these kinds wait or run now. */
export async function countOpenJobs(db: Kysely<Database>, userId: string, kinds: readonly string[]): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .where('kind', 'in', kinds)
    .where('state', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Jobs that ended before `before` (ISO), oldest first: what the runner's sweep removes. */
export function endedJobs(db: Kysely<Database>, before: string, limit: number): Promise<JobRow[]> {
  return db
    .selectFrom('jobs')
    .selectAll()
    .where('state', 'in', ['done', 'failed'])
    .where('finished_at', '<', before)
    .orderBy('finished_at')
    .limit(limit)
    .execute();
}

export async function deleteJobs(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('jobs').where('id', 'in', ids).execute();
}

/** An account's jobs that have not started, ended as failed with `error` (its deletion makes them moot). */
export async function failQueuedJobs(db: Kysely<Database>, userId: string, error: JobEnd['error'], now: string): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ state: 'failed', error: JSON.stringify(error), updated_at: now, finished_at: now })
    .where('user_id', '=', userId)
    .where('state', '=', 'queued')
    .where('kind', '!=', 'account_deletion')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
