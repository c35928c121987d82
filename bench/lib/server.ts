/**
 * The real server as `npm start` runs it (scripts/start.mjs, dist/ already built) on a free port with
 * a fresh DATA_DIR and SQLite, in one process (spawnServer), so the measured memory is the server's own.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, spawnServer, stopChild, waitForHealth } from '../../scripts/lib/server-process';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/index';
import { accessToken } from '../../tests/api/tokens';

export interface ServerOptions {
  /** Fill the gallery with the twelve original characters after it listens. */
  seed: boolean;
  /** An OpenAI-compatible base URL (the fake LLM); without it the server uses its demo AI. */
  llmBaseUrl?: string;
  /** How often to poll /api/health; short when start-up itself is measured. */
  pollMs?: number;
  /** More environment, as a deployment would set it. */
  env?: Record<string, string>;
}

export interface BenchServer {
  /** localhost, not 127.0.0.1: Chromium treats it as a secure context, so the service worker runs. */
  baseURL: string;
  child: ChildProcess;
  /** Its own DATA_DIR (SQLite and blobs), removed by stop(). */
  dataDir: string;
  /** From spawn to the first 200 of /api/health. */
  startMs: number;
  stop(): Promise<void>;
}

export async function startServer(options: ServerOptions): Promise<BenchServer> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-bench-'));
  const started = performance.now();
  const { child, output } = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_GALLERY: String(options.seed),
    ...(options.llmBaseUrl ? { LLM_BASE_URL: options.llmBaseUrl } : {}),
    ...options.env,
  });
  const cleanUp = () => fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  try {
    await waitForHealth(baseURL, child, { timeoutMs: 120_000, intervalMs: options.pollMs ?? 50, output });
  } catch (error) {
    cleanUp();
    throw error;
  }
  const startMs = performance.now() - started;
  return {
    baseURL,
    child,
    dataDir,
    startMs,
    async stop() {
      await stopChild(child);
      cleanUp();
    },
  };
}

/**
 * An access token for a user of this server (made on first sight), signed with the embedded
 * provider's own key as tests/api/tokens.ts does: figures that need many users need no browser.
 */
export async function tokenFor(server: BenchServer, sub: string): Promise<string> {
  const config = loadConfig({ PUBLIC_URL: server.baseURL, DATA_DIR: server.dataDir });
  const db = openDb({ dataDir: server.dataDir });
  try {
    return await accessToken({ config, db, dataDir: server.dataDir }, { sub, email: `${sub}@example.com`, name: sub });
  } finally {
    await db.close();
  }
}

/** The resident memory of a process, MB (MiB), from /proc. */
export function rssMB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
