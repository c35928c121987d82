/**
 * Runs jobs (server/jobs/README.md): leases the oldest one this instance may run, up to its
 * concurrency, renews the lease while it runs, and records how it ended. Lives in the jobs worker
 * thread, so its parsing, inflating and writing never hold up requests.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { claimJob, deleteJobs, endedJobs, endJob, renewLease, requeueJob, saveProgress, type JobEnd } from '../db/repositories/jobs';
import type { JobRow } from '../db/schema';
import { AppError } from '../errors';
import type { ServiceContext } from '../services/context';
import type { JobKind, JobRun } from './kind';

export interface RunnerOptions {
  /** This instance's name in `lease_owner`. */
  owner: string;
  /** Jobs at once in this instance. */
  concurrency: number;
  /** How long a lease lasts without renewal; renewed every third of it. */
  leaseMs: number;
  /** How often the queue is looked at when nothing woke the runner. */
  pollMs: number;
}

/** Ended jobs (and an export's file) are kept this long for the person to fetch, then swept. */
export const KEEP_ENDED_MS = 24 * 60 * 60_000;
const PROGRESS_EVERY_MS = 1000;
const SWEEP_EVERY_MS = 60_000;

class LeaseLost extends Error {}

const iso = (ms = Date.now()) => new Date(ms).toISOString();

export class JobRunner {
  private readonly kinds: Map<string, JobKind>;
  private readonly running = new Map<string, AbortController>();
  private readonly settled = new Set<Promise<void>>();
  private stopping = false;
  private ticking: Promise<void> | undefined;
  private again = false;
  private timer: NodeJS.Timeout | undefined;
  private lastSweep = 0;
  /** When the runner last had work; the worker stops when it has been idle a while. */
  lastBusy = Date.now();

  constructor(
    private readonly ctx: ServiceContext,
    kinds: readonly JobKind[],
    private readonly options: RunnerOptions,
  ) {
    this.kinds = new Map(kinds.map((kind) => [kind.kind, kind]));
  }

  get busy(): boolean {
    return this.running.size > 0;
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.options.pollMs);
    this.wake();
  }

  /** Looks at the queue now (a job was added, or one ended). */
  wake(): void {
    if (this.stopping) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = this.tick()
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'looking for jobs failed; trying again'))
      .finally(() => {
        this.ticking = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Stops taking jobs, asks the running ones to stop at their next step, and waits: they go back to the queue. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.timer);
    for (const controller of this.running.values()) controller.abort();
    await this.ticking;
    await Promise.allSettled([...this.settled]);
  }

  private async tick(): Promise<void> {
    while (!this.stopping && this.running.size < this.options.concurrency) {
      const now = Date.now();
      const job = await claimJob(this.ctx.db, [...this.kinds.keys()], {
        owner: this.options.owner,
        now: iso(now),
        until: iso(now + this.options.leaseMs),
      });
      if (!job) break;
      this.lastBusy = Date.now();
      const execution = this.execute(job).finally(() => {
        this.settled.delete(execution);
        this.lastBusy = Date.now();
        this.wake();
      });
      this.settled.add(execution);
    }
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await this.sweep();
    }
  }

  private async execute(job: JobRow): Promise<void> {
    const kind = this.kinds.get(job.kind)!;
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const { owner, leaseMs } = this.options;
    const renewal = setInterval(() => {
      renewLease(this.ctx.db, job.id, owner, iso(Date.now() + leaseMs)).then(
        (held) => held || controller.abort(new LeaseLost()),
        (error: unknown) => this.ctx.log.warn({ err: error, job: job.id }, 'renewing a job lease failed'),
      );
    }, leaseMs / 3);
    let completed = false;
    let lastProgress = 0;
    const run: JobRun<unknown> = {
      id: job.id,
      userId: job.user_id,
      payload: JSON.parse(job.payload) as unknown,
      attempt: job.attempts,
      signal: controller.signal,
      progress: (done, total) => {
        if (Date.now() - lastProgress < PROGRESS_EVERY_MS && done < total) return;
        lastProgress = Date.now();
        void saveProgress(this.ctx.db, job.id, owner, { done, total }).catch(() => undefined);
      },
      complete: async (trx, result) => {
        if (!(await endJob(trx, job.id, owner, { state: 'done', result, now: iso() }))) throw new LeaseLost();
        completed = true;
      },
    };
    try {
      const result = await kind.run(this.ctx, run);
      if (!completed && !(await endJob(this.ctx.db, job.id, owner, { state: 'done', result, now: iso() }))) return;
      await this.afterEnd(kind, job);
    } catch (error) {
      await this.failed(kind, job, controller.signal, error);
    } finally {
      clearInterval(renewal);
      this.running.delete(job.id);
    }
  }

  private async failed(kind: JobKind, job: JobRow, signal: AbortSignal, error: unknown): Promise<void> {
    const { owner } = this.options;
    const now = Date.now();
    if (signal.aborted) {
      // Lost: another instance runs it now. Stopped: it goes back to the queue for whoever starts next.
      if (!(signal.reason instanceof LeaseLost)) await requeueJob(this.ctx.db, job.id, owner, iso(now), iso(now));
      return;
    }
    if (error instanceof LeaseLost) return;
    // A refusal (an AppError under 500) is the input's fault and final; anything else may pass.
    const refusal = error instanceof AppError && error.statusCode < 500;
    if (!refusal) this.ctx.log.warn({ err: error, job: job.id, kind: job.kind }, 'a job failed');
    const final: JobEnd['error'] | undefined = refusal
      ? { status: error.statusCode, code: error.code, message: error.message }
      : job.attempts >= kind.maxAttempts
        ? { status: 500, code: 'server_error', message: 'Server error occurred' }
        : undefined;
    if (!final) {
      // 5 s after the first failure, doubling up to the kind's own wait: a passing outage costs little.
      const wait = Math.min(kind.retryAfterMs, 5_000 * 2 ** Math.max(0, job.attempts - 1));
      await requeueJob(this.ctx.db, job.id, owner, iso(now + wait), iso(now));
      return;
    }
    // Cleaned up first: once it reads as failed, nothing of it is left (an attempt that would follow
    // a lost lease fails the same way without its files).
    await this.afterEnd(kind, job);
    await endJob(this.ctx.db, job.id, owner, { state: 'failed', error: final, now: iso(now) });
  }

  private async afterEnd(kind: JobKind, job: JobRow): Promise<void> {
    await kind
      .ended?.(this.ctx, job)
      .catch((error: unknown) => this.ctx.log.warn({ err: error, job: job.id }, 'cleaning up after a job failed'));
  }

  /** Removes jobs that ended a day ago, with what they kept for the person. */
  private async sweep(): Promise<void> {
    for (;;) {
      const old = await endedJobs(this.ctx.db, iso(Date.now() - KEEP_ENDED_MS), 100);
      for (const job of old) await this.kinds.get(job.kind)?.discard?.(this.ctx, job);
      await deleteJobs(
        this.ctx.db,
        old.map((job) => job.id),
      );
      if (old.length < 100) return;
      await sleep(0);
    }
  }
}
