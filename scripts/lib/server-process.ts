import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { MALLOC_MMAP_THRESHOLD, MALLOC_SETTING } from './malloc.mjs';

/** Helpers for running the real server as a child process: e2e tests, shutdown tests and the bench. */

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function exited(child: ChildProcess): Promise<number | string> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode ?? 0);
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 0)));
}

/** SIGINT (a graceful shutdown), then SIGKILL if it has not exited within `timeoutMs`; resolves once it has exited. */
export async function stopChild(child: ChildProcess, timeoutMs = 20_000): Promise<void> {
  child.kill('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const code = await Promise.race([
    exited(child),
    new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (code === 'timeout') {
    child.kill('SIGKILL');
    await exited(child);
  }
}

export interface HealthWait {
  timeoutMs: number;
  /** Short for the bench, so start-up is measured rather than the poll interval. */
  intervalMs?: number;
  /** What the server printed, for the error when it never becomes healthy. */
  output?: () => string;
}

/** Polls GET /api/health until it answers 200; fails at once if the child exits first. */
export async function waitForHealth(baseURL: string, child: ChildProcess, wait: HealthWait): Promise<void> {
  const deadline = Date.now() + wait.timeoutMs;
  let early: number | string | undefined;
  void exited(child).then((code) => (early = code));
  while (Date.now() < deadline) {
    if (early !== undefined) throw new Error(`the server exited (${early}) before it was ready:\n${wait.output?.() ?? ''}`);
    try {
      const response = await fetch(`${baseURL}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, wait.intervalMs ?? 250));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${wait.timeoutMs / 1000}s:\n${wait.output?.() ?? ''}`);
}

export interface ServerProcess {
  child: ChildProcess;
  /** The last of what it printed, for errors. */
  output(): string;
}

/** Settings of the developer's own deployment that must not leak into a server a test or the bench runs. */
const DEPLOYMENT_SETTING =
  /^(LLM_|IMAGE_|S3_|OIDC_|RATE_LIMIT_|CONNECTION_|MAX_CONNECTIONS_|SMTP_|MAIL_)|^(DATABASE_URL|TRUST_PROXY|ADMIN_EMAILS|NODE_ENV|REQUIRE_EMAIL_VERIFICATION)$/;

/**
 * This machine's environment minus any deployment settings, plus `settings`. The allocator setting
 * scripts/start.mjs would otherwise restart itself with is given here, so the child is the server.
 */
export function serverEnv(settings: Record<string, string>): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !DEPLOYMENT_SETTING.test(name)));
  return { ...env, [MALLOC_SETTING]: MALLOC_MMAP_THRESHOLD, ...settings };
}

/**
 * Runs the server as `npm start` does (scripts/start.mjs: build what is stale, migrate, listen) with
 * this machine's environment minus any deployment settings, plus `settings`. Node runs it directly
 * rather than through npm, so the child is the server itself: a SIGKILL of it leaves nothing running,
 * and the bench measures its memory.
 */
export function spawnServer(settings: Record<string, string>, onOutput?: (chunk: Buffer) => void): ServerProcess {
  const child = spawn(process.execPath, ['scripts/start.mjs'], { env: serverEnv(settings), stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    onOutput?.(chunk);
  };
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  return { child, output: () => output };
}

/** A dist/ with a freshly written index.html: newer than every source, so start.mjs serves it without building the app. */
export function stubDist(dir: string): string {
  const distDir = path.join(dir, 'dist');
  fs.mkdirSync(distDir, { recursive: true });
  fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>cardchat</title>');
  return distDir;
}
