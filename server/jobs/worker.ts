/**
 * The jobs worker thread's entry: its own database connection, blob store, AI provider and logger,
 * built from the server's configuration, and a JobRunner. It takes 'wake' (a job was added) and
 * 'stop' (the server closes) from the server's thread, and says 'idle' once it has had nothing to
 * do for a while, so the server can end it and give its memory back.
 */
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { createAiProvider } from '../ai/index';
import { FileBlobStore } from '../blobs/files';
import { S3BlobStore } from '../blobs/s3';
import type { Config } from '../config';
import { openDb, type DbOptions } from '../db/index';
import type { ServiceContext } from '../services/context';
import { JOB_KINDS } from './kinds';
import { JobRunner, type RunnerOptions } from './runner';

export interface WorkerData {
  config: Config;
  db: DbOptions;
  runner: RunnerOptions;
  /** Nothing to run for this long: say 'idle'. */
  idleMs: number;
}

export type ToWorker = 'wake' | 'stop';
export type FromWorker = 'idle' | 'stopped';

const { config, db: dbOptions, runner: options, idleMs } = workerData as WorkerData;
const db = openDb(dbOptions);
const blobs = config.s3 ? new S3BlobStore(config.s3) : new FileBlobStore(path.join(config.dataDir, 'blobs'));
const log = pino({ level: config.logLevel }).child({ thread: 'jobs' });
// A job that adds another (none does yet) wakes this runner.
const jobs = { wake: () => runner.wake() };
const ctx: ServiceContext = { db: db.kysely, blobs, ai: createAiProvider(config.llm), config, log, jobs };
const runner = new JobRunner(ctx, JOB_KINDS, options);
const port = parentPort!;

const idleCheck = setInterval(
  () => {
    if (!runner.busy && Date.now() - runner.lastBusy > idleMs) port.postMessage('idle' satisfies FromWorker);
  },
  Math.min(idleMs, 5000),
);

port.on('message', (message: ToWorker) => {
  if (message === 'wake') runner.wake();
  if (message === 'stop') {
    clearInterval(idleCheck);
    void runner
      .stop()
      .finally(async () => {
        await blobs.close();
        await db.close();
      })
      .finally(() => port.postMessage('stopped' satisfies FromWorker));
  }
});
runner.start();
