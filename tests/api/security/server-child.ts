import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { exited, freePort, spawnServer, waitForHealth } from '../../../scripts/lib/server-process';

/**
 * The origin the child believes it is reached at, whatever port it listens on: tokens signed for it
 * (tests/api/tokens.ts) stay valid across restarts on new ports.
 */
export const CHILD_PUBLIC_URL = 'http://localhost:8787';

export interface ServerChild {
  /** Where it listens, e.g. http://127.0.0.1:41234 */
  baseURL: string;
  process: ChildProcess;
  /** Everything it printed so far. */
  output(): string;
  /** SIGKILL, as a crash or a power cut would end it, and waits until it is gone. */
  kill(): Promise<void>;
}

/**
 * Runs `npm start` (scripts/start.ts) as a child on a free port of 127.0.0.1, as
 * tests/api/shutdown.test.ts does, and waits for /api/health. `dataDir` keeps its SQLite file and
 * signing keys between starts; `env` adds settings (DATABASE_URL for PostgreSQL).
 */
export async function startServerChild(dataDir: string, env: Record<string, string> = {}): Promise<ServerChild> {
  // A freshly written index.html is newer than every source, so start.ts serves it without a build.
  const distDir = path.join(dataDir, 'dist');
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>cardchat</title>');
  const port = await freePort();
  const { child, output } = spawnServer({
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: CHILD_PUBLIC_URL,
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    LOG_LEVEL: 'warn',
    SEED_GALLERY: 'false',
    LLM_BASE_URL: '',
    LLM_DEMO_WORD_DELAY_MS: '0',
    DATABASE_URL: '',
    ...env,
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHealth(baseURL, child, { timeoutMs: 60_000, output });
  return {
    baseURL,
    process: child,
    output,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
