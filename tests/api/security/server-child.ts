import type { ChildProcess } from 'node:child_process';
import { exited, freePort, spawnServer, stubDist, waitForHealth } from '../../../scripts/lib/server-process';

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
 * Runs `npm start` (scripts/start.mjs) as a child on a free port of 127.0.0.1, as
 * tests/api/shutdown.test.ts does, and waits for /api/health. `dataDir` keeps its SQLite file and
 * signing keys between starts; `env` adds settings (DATABASE_URL for PostgreSQL).
 */
export async function startServerChild(dataDir: string, env: Record<string, string> = {}): Promise<ServerChild> {
  const port = await freePort();
  const { child, output } = spawnServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: CHILD_PUBLIC_URL,
    DATA_DIR: dataDir,
    DIST_DIR: stubDist(dataDir),
    LOG_LEVEL: 'warn',
    SEED_GALLERY: 'false',
    LLM_DEMO_WORD_DELAY_MS: '0',
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
