import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { rescoreAll } from '../services/publishing/activity';

/** Scores decay by the hour (services/publishing/trending.ts): recounted this often. */
const RECOUNT_MS = 60 * 60_000;

/**
 * The hourly recount of the Trending sort: every card's score as of now, and activity older than the
 * week dropped. Each like or chat moves its own card at once; this lets them age. After start-up (not
 * during it), then every hour; a failed recount is only logged, the next one makes it good. With
 * several instances each recounts: the result is the same.
 */
export const trendingPlugin = fp(async (app: FastifyInstance) => {
  let running: Promise<void> | undefined;
  const recount = () => {
    running ??= rescoreAll(app.db.kysely)
      .catch((error: unknown) => app.log.warn({ err: error }, 'the Trending recount failed; the next one tries again'))
      .finally(() => (running = undefined));
  };
  app.addHook('onReady', async () => {
    setImmediate(recount);
  });
  const timer = setInterval(recount, RECOUNT_MS);
  timer.unref();
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
});
