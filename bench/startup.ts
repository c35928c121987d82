/**
 * Figure 10: `npm start` with dist/ built (scripts/start.ts, fresh DATA_DIR, gallery seeding off:
 * a one-off after the first start) to the first 200 of /api/health, and the resident memory once
 * it has idled for two seconds.
 */
import { rssMB, startServer } from './lib/server';
import { median, ms, repeat, sleep } from './lib/stats';
import type { Row } from './lib/table';

const RUNS = 5;

export async function startupFigures(): Promise<Row[]> {
  const runs = await repeat(RUNS, async () => {
    const server = await startServer({ seed: false, pollMs: 10 });
    try {
      await sleep(2000);
      return { startMs: server.startMs, rss: rssMB(server.child.pid!) };
    } finally {
      await server.stop();
    }
  });
  const startMs = median(runs.map((run) => run.startMs));
  const rss = median(runs.map((run) => run.rss));
  return [
    { n: '10', figure: '`npm start` (dist built) to the first 200 of /api/health', value: ms(startMs), goal: '≤ 2 s', anchor: '—', pass: startMs <= 2000 },
    { n: '10', figure: 'Idle memory after start (RSS)', value: `${Math.round(rss)} MB`, goal: '≤ 200 MB', anchor: '—', pass: rss <= 200 },
  ];
}
