import type { Kysely } from 'kysely';
import type { Database, JobRow } from '../db/schema';
import type { ServiceContext } from '../services/context';

/** What a job's code is given for one attempt. */
export interface JobRun<Payload> {
  id: string;
  userId: string;
  payload: Payload;
  /** 1 for the first attempt; more after a crash or a failure worth trying again. */
  attempt: number;
  /** Aborted when this instance stops or no longer holds the lease: stop at the next step. */
  signal: AbortSignal;
  /** How far it got (items done of all), for the person waiting; written at most once a second. */
  progress(done: number, total: number): void;
  /**
   * Ends the job as done with `result` inside `trx`, beside the job's own last writes: both commit
   * or neither, and only while this instance holds the lease, so a job whose instance was presumed
   * dead and whose work another took over never finishes twice.
   */
  complete(trx: Kysely<Database>, result: unknown): Promise<void>;
}

/** One kind of long work. Its code must be safe to run again from the start after a crash. */
export interface JobKind<Payload = unknown> {
  kind: string;
  /** One heavy job at a time per account, whatever the instance (imports, exports). */
  heavy: boolean;
  /** Attempts before a failure that is not its input's fault is final. */
  maxAttempts: number;
  /** The longest wait before another attempt (the first comes after 5 s, doubling up to it). */
  retryAfterMs: number;
  /** Does the work; resolves with the result (unless it called `complete` itself). An AppError under 500 ends it as failed: its input's fault. */
  run(ctx: ServiceContext, run: JobRun<Payload>): Promise<unknown>;
  /** After it ended for good, done or failed: removes what only it needed (its uploaded files). */
  ended?(ctx: ServiceContext, job: JobRow): Promise<void>;
  /** Before its row is swept away a day after it ended: removes what it left for the person (an export's file). */
  discard?(ctx: ServiceContext, job: JobRow): Promise<void>;
}
