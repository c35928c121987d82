import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { noteDeletionAttempt, pruneFinishedDeletions, unfinishedDeletions } from '../db/repositories/accountDeletions';
import { finishAccountDeletion } from '../services/account/deletion';

declare module 'fastify' {
  interface FastifyInstance {
    accountDeletions: AccountDeletions;
  }
}

export interface AccountDeletions {
  /** Starts (or joins) the work of a recorded deletion; resolves when it stopped, done or not. */
  run(userId: string): Promise<void>;
  /** Runs every recorded deletion not finished yet, one after another. */
  resumeAll(): Promise<void>;
}

/** Failed or interrupted deletions are tried again this often while the server runs. */
const RETRY_MS = 60_000;
/** A finished record outlives every access token issued before it (15 minutes here; an external issuer's are rarely over a day). */
const KEEP_FINISHED_MS = 7 * 24 * 60 * 60_000;

/**
 * Works through recorded account deletions: right after one is recorded, at every start (a process
 * that died mid-deletion left its record unfinished) and every minute for one that failed (an
 * unreachable bucket). A shutdown stops a run between batches; the next start goes on from there.
 */
export const accountDeletionsPlugin = fp(async (app: FastifyInstance) => {
  const running = new Map<string, Promise<void>>();
  let closing = false;

  const attempt = async (userId: string) => {
    try {
      const done = await finishAccountDeletion(app.ctx, userId, () => closing);
      if (done) app.log.info({ userId }, 'account deleted');
    } catch (error) {
      app.log.warn({ err: error, userId }, 'account deletion stopped short; it is tried again');
      await noteDeletionAttempt(app.db.kysely, userId, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    }
  };

  const run = (userId: string): Promise<void> => {
    const current = running.get(userId);
    if (current) return current;
    const started = attempt(userId).finally(() => running.delete(userId));
    running.set(userId, started);
    return started;
  };

  const resumeAll = async () => {
    const pending = await unfinishedDeletions(app.db.kysely);
    for (const userId of pending) {
      if (closing) return;
      await run(userId);
    }
    await pruneFinishedDeletions(app.db.kysely, new Date(Date.now() - KEEP_FINISHED_MS).toISOString());
  };

  let resuming: Promise<void> | undefined;
  const resumeInBackground = () => {
    resuming ??= resumeAll()
      .catch((error: unknown) => app.log.warn({ err: error }, 'resuming account deletions failed'))
      .finally(() => (resuming = undefined));
  };

  app.decorate('accountDeletions', { run, resumeAll });
  // After start-up, not during it: a big deletion must not hold up listening.
  app.addHook('onReady', async () => {
    setImmediate(resumeInBackground);
  });
  const timer = setInterval(resumeInBackground, RETRY_MS);
  timer.unref();
  // Before the database closes: a run stops between two batches and the next start goes on.
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(timer);
    await Promise.allSettled([resuming, ...running.values()]);
  });
});
