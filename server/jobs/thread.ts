/**
 * The server's side of the jobs worker thread: started when there is something to run (a job was
 * added here, or the queue holds one: at start, after another instance died, a retry that is due),
 * told to look at the queue when a job is added, and ended when idle or when the server closes.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/index';
import { hasClaimableJob } from '../db/repositories/jobs';
import type { FromWorker, ToWorker, WorkerData } from './worker';

export interface JobsSettings {
  concurrency: number;
  leaseMs: number;
  pollMs: number;
  idleMs: number;
}

/** Where the worker's code is: beside the compiled server, or the sources through tsBoot.mjs. */
function workerEntry(): { file: URL; data: Record<string, unknown> } {
  const here = import.meta.url;
  if (here.endsWith('.mjs')) return { file: new URL('./jobs-worker.mjs', here), data: {} };
  return { file: new URL('./tsBoot.mjs', here), data: { entry: new URL('./worker.ts', here).href } };
}

export class JobsThread {
  private worker: Worker | undefined;
  private stopped: Promise<void> | undefined;
  private closing = false;
  private readonly poll: NodeJS.Timeout;
  /** This instance's name on the leases it takes. */
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly config: Config,
    private readonly db: Db,
    private readonly settings: JobsSettings,
    private readonly log: FastifyBaseLogger,
  ) {
    // While no worker runs, a cheap look at the queue: another instance may have died holding jobs.
    this.poll = setInterval(() => void this.startIfQueued(), settings.pollMs * 5);
    this.poll.unref();
  }

  /** A job was added: the worker looks at the queue now (started first if need be). */
  wake(): void {
    if (this.closing) return;
    if (!this.worker) this.start();
    else this.worker.postMessage('wake' satisfies ToWorker);
  }

  async startIfQueued(): Promise<void> {
    if (this.worker || this.closing) return;
    try {
      if (await hasClaimableJob(this.db.kysely, new Date().toISOString())) this.start();
    } catch (error) {
      this.log.warn({ err: error }, 'looking at the job queue failed');
    }
  }

  private start(): void {
    const { file, data } = workerEntry();
    const workerData: WorkerData & Record<string, unknown> = {
      ...data,
      config: this.config,
      db: this.db.options,
      runner: { owner: this.owner, concurrency: this.settings.concurrency, leaseMs: this.settings.leaseMs, pollMs: this.settings.pollMs },
      idleMs: this.settings.idleMs,
    };
    const worker = new Worker(file, { workerData });
    this.worker = worker;
    let done: () => void = () => undefined;
    this.stopped = new Promise((resolve) => (done = resolve));
    worker.on('message', (message: FromWorker) => {
      if (message === 'idle' && !this.closing) worker.postMessage('stop' satisfies ToWorker);
      if (message === 'stopped') void worker.terminate();
    });
    worker.on('error', (error) => this.log.error({ err: error }, 'the jobs worker failed'));
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      done();
    });
  }

  /** The server closes: running jobs stop at their next step and go back to the queue. */
  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.poll);
    if (this.worker) this.worker.postMessage('stop' satisfies ToWorker);
    await this.stopped;
  }
}
