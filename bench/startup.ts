/**
 * Figure 10: `npm start` itself (dist/ built, gallery seeding off: a one-off after the first start),
 * from spawning it to the first 200 of /api/health: on a fresh DATA_DIR (every migration to apply),
 * then again on that migrated database; beside it, a bare Fastify server opening the same database
 * (bench/bare-server.mjs, plain node), and the server's resident memory once it has idled for two seconds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exited, freePort, serverEnv, waitForHealth } from '../scripts/lib/server-process';
import { rssMB } from './lib/server';
import { median, ms, repeat, sleep } from './lib/stats';
import type { Row } from './lib/table';

const RUNS = 5;

interface Started {
  ms: number;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** Spawns `command` in a process group of its own and times it to its first 200 of /api/health. */
async function timeStart(command: string, args: string[], dataDir: string): Promise<Started> {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const settings = {
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_GALLERY: 'false',
  };
  let output = '';
  const started = performance.now();
  const child = spawn(command, args, { env: serverEnv(settings), stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  child.stdout!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  child.stderr!.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
  await waitForHealth(baseURL, child, { timeoutMs: 60_000, intervalMs: 10, output: () => output });
  const elapsed = performance.now() - started;
  return {
    ms: elapsed,
    child,
    async stop() {
      // The whole group: npm, its shell and the server (which finishes its requests and closes the database).
      process.kill(-child.pid!, 'SIGINT');
      const timer = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 20_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/** The deepest process under `pid`: the server that `npm start` runs, through npm's shell. */
function serverPid(pid: number): number {
  const children = fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return children.length > 0 ? serverPid(Number(children[0])) : pid;
}

export async function startupFigures(): Promise<Row[]> {
  const runs = await repeat(RUNS, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-bench-start-'));
    try {
      const fresh = await timeStart('npm', ['start'], dataDir);
      await fresh.stop();
      const migrated = await timeStart('npm', ['start'], dataDir);
      await sleep(2000);
      const rss = rssMB(serverPid(migrated.child.pid!));
      await migrated.stop();
      const bare = await timeStart(process.execPath, ['bench/bare-server.mjs'], dataDir);
      await bare.stop();
      return { fresh: fresh.ms, migrated: migrated.ms, bare: bare.ms, rss };
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    }
  });
  const of = (key: 'fresh' | 'migrated' | 'bare' | 'rss') => median(runs.map((run) => run[key]));
  const anchor = `bare Fastify + the same SQLite database, plain node: ${ms(of('bare'))}`;
  return [
    {
      n: '10',
      figure: '`npm start` (dist built, database migrated) to the first 200 of /api/health',
      value: ms(of('migrated')),
      goal: '≤ 1 s',
      anchor,
      pass: of('migrated') <= 1000,
    },
    {
      n: '10',
      figure: 'Same, on a fresh DATA_DIR (every migration to apply)',
      value: ms(of('fresh')),
      goal: '≤ 2 s',
      anchor,
      pass: of('fresh') <= 2000,
    },
    {
      n: '10',
      figure: 'Idle memory after start (RSS of the server process)',
      value: `${Math.round(of('rss'))} MB`,
      goal: '≤ 200 MB',
      anchor: '—',
      pass: of('rss') <= 200,
    },
  ];
}
