/**
 * Figure 16: one account sends 12 persona avatars at once, each a GIF of 8000×8000 pixels
 * in 44 KB (the audit's: before, 12 of them took the server from 503 to 1,707 MiB, kept minutes
 * later). Then 12 at once that pass the checks and are decoded (GIFs of 2,600×2,600, about 41 MB
 * each to decode). The server's RSS is sampled every 20 ms from /proc against its idle size, and
 * watched for up to 60 s afterwards until it is back within 20 MB of it.
 */
import sharp from 'sharp';
import { rssMB, startServer, tokenFor, type BenchServer } from './lib/server';
import { sleep } from './lib/stats';
import type { Row } from './lib/table';

const PARALLEL = 12;
const GOAL_GROWTH_MB = 150;
const GOAL_RETURN_MB = 20;
const RETURN_WITHIN_MS = 60_000;

async function gifDataUrl(side: number): Promise<string> {
  const gif = await sharp({ create: { width: side, height: side, channels: 3, background: { r: 20, g: 160, b: 90 } } })
    .gif()
    .toBuffer();
  return `data:image/gif;base64,${gif.toString('base64')}`;
}

interface Burst {
  statuses: Record<string, number>;
  growth: number;
  /** Milliseconds after the answers until RSS was back within GOAL_RETURN_MB of idle; undefined if never within the wait. */
  returnedMs: number | undefined;
}

async function burst(server: BenchServer, token: string, avatar: string): Promise<Burst> {
  const pid = server.child.pid!;
  const idle = rssMB(pid);
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMB(pid))), 20);
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, (_, i) =>
      fetch(`${server.baseURL}/api/personas`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: `Hostile ${i}`, avatar }),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  const answered = performance.now();
  let returnedMs: number | undefined;
  while (performance.now() - answered < RETURN_WITHIN_MS) {
    if (rssMB(pid) - idle <= GOAL_RETURN_MB) {
      returnedMs = performance.now() - answered;
      break;
    }
    await sleep(250);
  }
  clearInterval(sampler);
  const statuses: Record<string, number> = {};
  for (const status of answers) statuses[status] = (statuses[status] ?? 0) + 1;
  return { statuses, growth: peak - idle, returnedMs };
}

const describe = (b: Burst) =>
  `RSS +${b.growth.toFixed(0)} MB at peak; back within ${GOAL_RETURN_MB} MB of idle ${b.returnedMs === undefined ? 'not within 60 s' : `after ${(b.returnedMs / 1000).toFixed(1)} s`} (answers ${JSON.stringify(b.statuses)})`;

const passes = (b: Burst) => b.growth <= GOAL_GROWTH_MB && b.returnedMs !== undefined;

export async function pictureFigures(): Promise<Row[]> {
  // Uploads are limited to 20 a minute per user; the figure measures memory, not that limit.
  const server = await startServer({ seed: false, env: { RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' } });
  try {
    const token = await tokenFor(server, 'bench-pictures');
    // Warm up sharp and the route once, so the idle size includes what any first picture loads.
    await burstOfOne(server, token, await gifDataUrl(64));
    const hostile = await burst(server, token, await gifDataUrl(8000));
    const decoded = await burst(server, token, await gifDataUrl(2600));
    return [
      {
        n: '16',
        figure: `${PARALLEL} persona avatars at once from one account, each a 44 KB GIF of 8000×8000`,
        value: describe(hostile),
        goal: `≤ ${GOAL_GROWTH_MB} MB; back within ${GOAL_RETURN_MB} MB in 60 s`,
        anchor: 'audit, before the decode pool: 503 → 1,707 MiB, not given back',
        pass: passes(hostile),
      },
      {
        n: '16',
        figure: `${PARALLEL} avatars at once that are decoded (GIFs of 2600×2600)`,
        value: describe(decoded),
        goal: `≤ ${GOAL_GROWTH_MB} MB; back within ${GOAL_RETURN_MB} MB in 60 s`,
        anchor: '—',
        pass: passes(decoded),
      },
    ];
  } finally {
    await server.stop();
  }
}

async function burstOfOne(server: BenchServer, token: string, avatar: string): Promise<void> {
  const response = await fetch(`${server.baseURL}/api/personas`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Warm-up', avatar }),
  });
  if (response.status !== 201) throw new Error(`the warm-up avatar answered ${response.status}: ${await response.text()}`);
}
