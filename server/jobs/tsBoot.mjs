// @ts-check
/**
 * Tests and `tsx` run the server from its TypeScript sources; a worker thread does not inherit the
 * loader that makes that possible, so the jobs worker is started through this file, which registers
 * tsx first. The compiled server (build/jobs-worker.mjs) needs none of it.
 */
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
