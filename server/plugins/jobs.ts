import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { JobsThread } from '../jobs/thread';

declare module 'fastify' {
  interface FastifyInstance {
    /** The jobs worker thread of this instance (server/jobs): woken when a job is added. */
    jobs: JobsThread;
  }
}

/**
 * Runs jobs in a worker thread of this instance: started after start-up when the queue holds any
 * (one another instance left, a retry that is due), and whenever one is added; on close, the jobs
 * running stop at their next step and go back to the queue.
 */
export const jobsPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const thread = new JobsThread(config, app.db, config.jobs, app.log);
  app.decorate('jobs', thread);
  // After start-up, not during it: a queue left by a crash must not hold up listening.
  app.addHook('onReady', async () => {
    setImmediate(() => void thread.startIfQueued());
  });
  app.addHook('preClose', () => thread.close());
});
