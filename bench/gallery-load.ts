/**
 * Figure 4: the gallery list under load on loopback with autocannon: saturated throughput, then
 * latency at a steady 1,000 requests a second. autocannon runs in this process, so on a small
 * machine it takes a core the server could otherwise use; that is part of the figure.
 */
import autocannon from 'autocannon';
import type { Session } from './lib/session';
import { median, ms, repeat } from './lib/stats';
import type { Row } from './lib/table';

const RUNS = 3;
const SECONDS = 4;
const ANCHOR = 'Express-class servers ~8k req/s hello-world on 2 vCPU';

async function load(url: string, overallRate?: number, headers?: Record<string, string>) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: SECONDS,
    ...(overallRate ? { overallRate } : {}),
    ...(headers ? { headers } : {}),
  });
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`the gallery answered ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  return result;
}

export async function galleryLoadFigures(session: Session): Promise<Row[]> {
  // 127.0.0.1, not localhost: autocannon must not spend time on name resolution.
  const url = `${session.server.baseURL.replace('localhost', '127.0.0.1')}/api/upload/image?limit=20`;
  await load(url); // warm-up: JIT and the database's page cache
  const saturated = median((await repeat(RUNS, () => load(url))).map((result) => result.requests.average));
  const p99 = median((await repeat(RUNS, () => load(url, 1000))).map((result) => result.latency.p99));
  // The same server's floor (no database, tiny body): tells the gallery's own cost from Fastify's and autocannon's.
  const health = (await load(url.replace(/\/api\/upload\/image.*$/, '/api/health'))).requests.average;
  // As a browser asks: the same page brotli-compressed, made once per cached page, not per request.
  const compressed = (await load(url, undefined, { 'accept-encoding': 'br' })).requests.average;
  return [
    {
      n: '4',
      figure: 'GET /api/upload/image?limit=20, saturated (10 connections)',
      value: `${Math.round(saturated).toLocaleString('en')} req/s`,
      goal: '≥ 5,000 req/s',
      anchor: ANCHOR,
      pass: saturated >= 5000,
    },
    { n: '4', figure: 'Same, p99 latency at 1,000 req/s', value: ms(p99), goal: '≤ 10 ms', anchor: ANCHOR, pass: p99 <= 10 },
    {
      n: '4',
      figure: 'Same page asked for as browsers do (Accept-Encoding: br), saturated (one run)',
      value: `${Math.round(compressed).toLocaleString('en')} req/s`,
      goal: '≥ 5,000 req/s',
      anchor: ANCHOR,
      pass: compressed >= 5000,
    },
    {
      n: '4',
      figure: 'For comparison: GET /api/health saturated, same server and client (one run)',
      value: `${Math.round(health).toLocaleString('en')} req/s`,
      goal: '—',
      anchor: ANCHOR,
      pass: undefined,
    },
  ];
}
