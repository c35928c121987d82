/**
 * Starts the real server once for the e2e project, as `npm start` does (building dist/ when it is
 * stale), on a free port with a fresh DATA_DIR, and stops it with SIGINT afterwards so every run
 * also exercises the graceful shutdown. Tests get the origin with `inject('baseURL')`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { exited, freePort, spawnServer, waitForHealth } from '../../scripts/lib/server-process';
import { CONTROL_PATH, startFakeOpenAI } from '../support/fakeOpenAI';
import { waitForSeededGallery } from '../support/seededGallery';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server's origin, e.g. http://localhost:41234 */
    baseURL: string;
    /** The server's DATA_DIR (its SQLite database), for `npm run admin` in tests. */
    dataDir: string;
    /** POST a FakeBehaviour (tests/support/fakeOpenAI) here to shape the AI's next reply. */
    fakeLlmControl: string;
  }
}

/**
 * The run's one administrator (ADMIN_EMAILS below). E-mails are unique, so the first test file that
 * needs it signs up and later ones sign in: use signInAsAdministrator (tests/e2e/browser.ts).
 */
export const E2E_ADMIN_EMAIL = 'admin@cardchat.test';
export const E2E_ADMIN_PASSWORD = 'administrate-well-42';

// The first build of dist/ on a 2-core CI machine takes about a minute.
const START_TIMEOUT_MS = 180_000;
const STOP_TIMEOUT_MS = 20_000;
const LOG_FILE = path.resolve('.test-output/server.log');

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const baseURL = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-e2e-'));
  fs.mkdirSync(path.dirname(LOG_FILE), { recursive: true });
  const log = fs.createWriteStream(LOG_FILE);
  // The AI is a fake OpenAI-compatible service in this process: replies stream a word every 40 ms,
  // slow enough for a test (and a screenshot) to see them arrive.
  const fakeLlm = await startFakeOpenAI({ default: { kind: 'reply', chunkDelayMs: 40 } });

  // e2e runs on SQLite, as `npm start` does out of the box (spawnServer drops DATABASE_URL).
  const settings = {
    PORT: String(port),
    HOST: '127.0.0.1',
    // localhost, not 127.0.0.1: Chromium treats it as a secure context, so the service worker runs.
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // The account tests sign up as when they need an administrator (publishing public cards).
    ADMIN_EMAILS: E2E_ADMIN_EMAIL,
    LLM_BASE_URL: fakeLlm.baseUrl,
    // A person may add their own key for the same fake service (tests/e2e/own-ai-key.test.ts).
    USER_AI_ENDPOINTS: fakeLlm.baseUrl,
  };

  console.log(`e2e: starting the server on ${baseURL} (builds dist/ first when stale; log: ${path.relative('.', LOG_FILE)})`);
  const started = Date.now();
  let output = '';
  const { child } = spawnServer(settings, (chunk) => {
    output += chunk.toString();
    log.write(chunk);
  });
  const tail = () => output.split('\n').slice(-80).join('\n');

  try {
    await waitForHealth(baseURL, child, { timeoutMs: START_TIMEOUT_MS, output: tail });
    await waitForSeededGallery(baseURL);
  } catch (error) {
    log.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await fakeLlm.close();
    throw error;
  }
  console.log(`e2e: server ready in ${((Date.now() - started) / 1000).toFixed(1)}s`);
  project.provide('baseURL', baseURL);
  project.provide('dataDir', dataDir);
  project.provide('fakeLlmControl', new URL(CONTROL_PATH, fakeLlm.baseUrl).href);

  // Said at once, so the tests failing after it (connection refused) are not a mystery.
  let stoppedEarly: number | string | undefined;
  let stopping = false;
  void exited(child).then((code) => {
    if (stopping) return;
    stoppedEarly = code;
    console.error(`e2e: the server exited (${code}) while the tests were running:\n${tail()}`);
  });

  // vitest only logs a teardown error and keeps its exit code, so failing here sets it too.
  const fail = (message: string): never => {
    process.exitCode = 1;
    throw new Error(message);
  };

  return async () => {
    stopping = true;
    if (stoppedEarly !== undefined) {
      await fakeLlm.close();
      log.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
      fail(`the server exited (${stoppedEarly}) before the tests ended; see ${LOG_FILE}`);
    }
    const before = output.length;
    child.kill('SIGINT');
    let timer: NodeJS.Timeout | undefined;
    const code = await Promise.race([
      exited(child),
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), STOP_TIMEOUT_MS))),
    ]);
    // A pending timer would keep vitest's main process alive after the run.
    clearTimeout(timer);
    if (code === 'timeout') child.kill('SIGKILL');
    await fakeLlm.close();
    log.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (code !== 0) {
      fail(`the server did not shut down cleanly on SIGINT (${code}):\n${output.slice(before) || tail()}`);
    }
  };
}
