/**
 * Where rate limits count: in this process's memory with SQLite (one instance), in the database with
 * PostgreSQL, so every instance behind a load balancer counts against one limit. The database is
 * already what every instance shares and answers in a millisecond or two on the same network; a
 * second store (Redis) would add a service to run, secure and back up for a few writes a request.
 */
import type { Kysely } from 'kysely';
import { countHit, deleteEndedWindows } from '../db/repositories/rateLimits';
import type { Database } from '../db/schema';

export interface RateCounter {
  /** Counts one hit of `key` in a window of `windowMs`: the count so far and when the window ends (ms). */
  hit(key: string, windowMs: number): Promise<{ count: number; windowEnds: number }>;
  close(): void;
}

const SWEEP_MS = 60_000;

export function memoryCounter(): RateCounter {
  const windows = new Map<string, { count: number; windowEnds: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.windowEnds <= now) windows.delete(key);
  }, SWEEP_MS);
  sweep.unref();
  return {
    async hit(key, windowMs) {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.windowEnds <= now) {
        window = { count: 0, windowEnds: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { ...window };
    },
    close: () => clearInterval(sweep),
  };
}

export function databaseCounter(db: Kysely<Database>): RateCounter {
  const sweep = setInterval(() => void deleteEndedWindows(db, Date.now()).catch(() => undefined), SWEEP_MS);
  sweep.unref();
  return {
    hit: (key, windowMs) => countHit(db, key, Date.now(), windowMs),
    close: () => clearInterval(sweep),
  };
}
