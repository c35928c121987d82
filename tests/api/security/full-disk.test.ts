/**
 * On a full disk, writes and /oidc/auth answered 500 "Server error occurred" while
 * /api/health said ok. Now a write that finds no room is 503 with Retry-After and the words of HTTP's
 * "Service Unavailable", health says `degraded` and why, the server recovers by itself when space
 * returns, and the temporary files of a write cut short by a kill are removed at the next start.
 * The disk is a small tmpfs mounted for the test (we run as root here and in CI).
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config';
import { openDb } from '../../../server/db/index';
import { testCardPng } from '../../support/cards';
import { multipartBody } from '../cards';
import { databases } from '../helpers';
import { authorizeUrl, pkce } from '../oidc-browser';
import { accessToken, bearer } from '../tokens';
import { createScratchDatabase } from './scratch-postgres';
import { CHILD_PUBLIC_URL, startServerChild } from './server-child';

/** Whether this machine lets us mount a tmpfs (root with CAP_SYS_ADMIN); tried once, on a 2 MB one. */
function canMountTmpfs(): boolean {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-tmpfs-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const MOUNTABLE = canMountTmpfs();
const TITLE = MOUNTABLE
  ? 'answers 503 with Retry-After on a full disk, says degraded, recovers when space returns, and clears unfinished writes at start'
  : 'full disk (skipped: this machine does not allow mounting a tmpfs, which needs root with CAP_SYS_ADMIN)';

/** Fills the file system under `dir` to the last byte (big writes, then smaller ones); returns the filler's path. */
function fillDisk(dir: string): string {
  const filler = path.join(dir, 'filler');
  const fd = fs.openSync(filler, 'w');
  try {
    for (const size of [256 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) fs.writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return filler;
}

const unfinishedWrites = (dir: string) =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true })
        .map(String)
        .filter((name) => name.endsWith('.tmp'))
    : [];

describe.each(databases)('a full disk under DATA_DIR (%s)', (dialect) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it.skipIf(!MOUNTABLE)(TITLE, { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-full-disk-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96m', 'tmpfs', dataDir]);
    cleanups.push(() => void execFileSync('umount', ['-l', dataDir]));

    let env: Record<string, string> = {};
    let dbOptions: Parameters<typeof openDb>[0] = { dataDir };
    if (dialect === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.push(() => scratch.drop());
      env = { DATABASE_URL: scratch.url };
      dbOptions = { databaseUrl: scratch.url, dataDir };
    }
    let server = await startServerChild(dataDir, env);
    cleanups.push(() => server.kill());

    const db = openDb(dbOptions);
    const headers = bearer(
      await accessToken(
        { dataDir, config: loadConfig({ PUBLIC_URL: CHILD_PUBLIC_URL, DATA_DIR: dataDir }), db },
        { sub: 'full-disk-user' },
      ).finally(() => db.close()),
    );
    const uploadCard = async () => {
      const { payload, headers: form } = await multipartBody({ bytes: testCardPng() });
      return fetch(`${server.baseURL}/api/upload/image`, {
        method: 'POST',
        headers: { ...headers, ...form },
        body: new Uint8Array(payload),
      });
    };
    const chat = (card: string) =>
      fetch(`${server.baseURL}/api/chat/completions`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify({ chat_id: randomUUID(), character_id: card, messages: [{ role: 'user', content: 'Hello' }], stream: false }),
      });
    const health = async () =>
      (await fetch(`${server.baseURL}/api/health`)).json() as Promise<{ status: string; reason?: { error: string; message: string } }>;

    const first = await uploadCard();
    expect(first.status).toBe(200);
    const card = ((await first.json()) as { data: { file_id: string } }).data.file_id;
    expect((await health()).status).toBe('ok');

    const filler = fillDisk(dataDir);

    const refused = await uploadCard();
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(await refused.json()).toEqual({
      error: 'storage_full',
      message: 'Service unavailable: the server is out of storage space, so nothing new can be saved right now. Please try again later.',
    });
    expect(unfinishedWrites(path.join(dataDir, 'blobs'))).toEqual([]);
    if (dialect === 'sqlite') {
      // The database is on the full disk too: a message cannot be stored, and sign-in cannot start.
      const message = await chat(card);
      expect(message.status).toBe(503);
      expect(((await message.json()) as { error: string }).error).toBe('storage_full');
      const signIn = await fetch(`${server.baseURL}${authorizeUrl(pkce().challenge)}`, {
        redirect: 'manual',
        headers: { accept: 'text/html' },
      });
      expect(signIn.status).toBe(503);
      expect(signIn.headers.get('retry-after')).toBe('60');
      expect(await signIn.text()).toContain('out of storage space');
    }
    const degraded = await health();
    expect(degraded.status).toBe('degraded');
    expect(degraded.reason?.error).toBe('low_disk_space');
    expect(degraded.reason?.message).toMatch(/has 0 MB free/);

    // Space comes back: no restart needed.
    fs.rmSync(filler);
    expect((await health()).status).toBe('ok');
    expect((await uploadCard()).status).toBe(200);
    expect((await chat(card)).status).toBe(200);

    // A write cut short by a kill leaves its temporary file; the next start removes it.
    await server.kill();
    const leftover = path.join(dataDir, 'blobs', 'cards', `leftover.${randomUUID()}.tmp`);
    fs.writeFileSync(leftover, 'half a card');
    const blob = fs.readdirSync(path.join(dataDir, 'blobs', 'cards')).find((name) => name.endsWith('.png'))!;
    server = await startServerChild(dataDir, env);
    expect(fs.existsSync(leftover)).toBe(false);
    expect(fs.existsSync(path.join(dataDir, 'blobs', 'cards', blob))).toBe(true);
  });
});
