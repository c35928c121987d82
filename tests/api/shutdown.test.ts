import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, stubDist, waitForHealth } from '../../scripts/lib/server-process';

describe('npm start and Ctrl-C', () => {
  const dirs: string[] = [];
  let child: ChildProcess | undefined;
  afterEach(() => {
    child?.kill('SIGKILL');
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('lets a request in flight finish, then closes the database and exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-shutdown-'));
    const distDir = stubDist(dataDir);
    dirs.push(dataDir);
    const port = await freePort();
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DIST_DIR: distDir,
        LOG_LEVEL: 'info',
        DATABASE_URL: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitForHealth(`http://127.0.0.1:${port}`, child, { timeoutMs: 30_000, output: () => output });
    expect(fs.existsSync(path.join(dataDir, 'cardchat.db-wal'))).toBe(true);

    // A request whose body is still arriving when Ctrl-C comes.
    const body = JSON.stringify({ name: 'Still typing' });
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'PUT',
          path: '/api/users/profile',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body.slice(0, 5));
      setTimeout(() => {
        child!.kill('SIGINT');
        setTimeout(() => request.end(body.slice(5)), 300);
      }, 200);
    });
    const exited = new Promise<number | null>((resolve) => child!.on('exit', (code) => resolve(code)));

    const answer = await response;
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body).error).toBe('unauthorized');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    // better-sqlite3 checkpoints and removes the WAL file only when the database is closed properly.
    expect(fs.existsSync(path.join(dataDir, 'cardchat.db-wal'))).toBe(false);
  });
});
