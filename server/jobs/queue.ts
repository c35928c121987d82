/**
 * Adding jobs and showing them: what the request path does with jobs (the worker thread runs them).
 */
import { randomUUID } from 'node:crypto';
import type { Job, JobKindName } from '@core/contract';
import { countOpenJobs, findJob, insertJob } from '../db/repositories/jobs';
import type { JobRow } from '../db/schema';
import type { AppError } from '../errors';
import { notFound } from '../errors';
import type { ServiceContext } from '../services/context';
import { removeJobBlobs } from './blobs';
import type { JobKind } from './kind';

/** How many jobs of one kind an account may have waiting or running, and what it is told past that. */
export interface OpenJobsLimit {
  max: number;
  refusal: () => AppError;
}

/**
 * Adds a job of the user's: `prepare` gets its id and makes the payload (writing any files it keeps
 * first, named after the id), then the row is added and the runner woken. Past the kind's limit of
 * jobs waiting or running for the account, its refusal; a row that cannot be added takes its files with it.
 */
export async function enqueueJob<Payload>(
  ctx: ServiceContext,
  user: { id: string },
  kind: JobKind<Payload>,
  limit: OpenJobsLimit,
  prepare: (jobId: string) => Promise<Payload>,
): Promise<JobRow> {
  if ((await countOpenJobs(ctx.db, user.id, [kind.kind])) >= limit.max) throw limit.refusal();
  const id = randomUUID();
  const payload = await prepare(id);
  try {
    await insertJob(ctx.db, { id, kind: kind.kind, userId: user.id, heavy: kind.heavy, payload, now: new Date().toISOString() });
  } catch (error) {
    await removeJobBlobs(ctx, { payload: JSON.stringify(payload), result: null });
    throw error;
  }
  ctx.jobs.wake();
  return (await findJob(ctx.db, id))!;
}

const jsonOf = <T>(text: string | null): T | undefined => (text ? (JSON.parse(text) as T) : undefined);

/** A job as its owner sees it. */
export function jobView(job: JobRow): Job {
  const result = jsonOf<{ imported?: Job['imported']; skipped?: Job['skipped']; file?: { name: string; bytes: number } }>(job.result);
  const error = jsonOf<{ code: string; message: string }>(job.error);
  const progress = jsonOf<{ done: number; total: number }>(job.progress);
  return {
    id: job.id,
    kind: job.kind as JobKindName,
    state: job.state,
    ...(progress ? { progress: { done: progress.done, total: progress.total } } : {}),
    ...(error ? { error: { code: error.code, message: error.message } } : {}),
    ...(result?.imported ? { imported: result.imported } : {}),
    ...(result?.skipped?.length ? { skipped: result.skipped } : {}),
    ...(result?.file ? { file: { name: result.file.name, bytes: result.file.bytes, url: `/api/jobs/${job.id}/file` } } : {}),
    created_at: job.created_at,
    updated_at: job.updated_at,
  };
}

/** The user's job; anyone else's (or none) is 404. */
export async function ownJob(ctx: ServiceContext, userId: string, id: string): Promise<JobRow> {
  const job = await findJob(ctx.db, id);
  if (!job || job.user_id !== userId) throw notFound('No such job');
  return job;
}
