/**
 * Issue 27, scaling out: two instances on one PostgreSQL database enforce one rate limit and share
 * one job queue, and a job whose instance dies mid-way is finished by the other, once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/until';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDb, type Db } from '../../server/db/index';
import { startS3Server } from '../support/s3Server';
import { multipartBody, userOf, type Uploader } from './cards';
import { chatJsonl, jobEnded } from './chat-helpers';
import { createTestApp, type TestApp } from './helpers';
import { createScratchDatabase, queryOnce } from './security/scratch-postgres';
import { CHILD_PUBLIC_URL, startServerChild, type ServerChild } from './security/server-child';
import { accessToken, bearer } from './tokens';
import { testCardPng } from '../support/cards';

/** `files` chats of `messages` messages of `chars` letters each: a zip of a few hundred KB. */
function archive(files: number, messages: number, chars: number): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (let file = 0; file < files; file += 1) {
    const lines = Array.from({ length: messages }, (_, i) => ({ mes: `${i}:${'a'.repeat(chars)}`, is_user: i % 2 === 0 }));
    entries[`chat-${file}.jsonl`] = strToU8(chatJsonl(`Echo ${file}`, lines));
  }
  return zipSync(entries);
}

describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL schema (needs TEST_DATABASE_URL)', () => {
  let a: TestApp;
  let bApp: Awaited<ReturnType<typeof buildApp>>;
  let bDb: Db;
  let carol: Uploader;

  beforeAll(async () => {
    a = await createTestApp('postgres', { RATE_LIMIT_UPLOADS_PER_MINUTE: '3' });
    // B: another process's app on the same schema and the same blob directory, as a second instance.
    bDb = openDb({ databaseUrl: process.env.TEST_DATABASE_URL!, dataDir: a.dataDir, schema: a.schema });
    bApp = await buildApp({ config: a.config, db: bDb });
    await bApp.ready();
    carol = await userOf(a, 'two-instances');
  });
  afterAll(async () => {
    await bApp?.close();
    await a?.close();
  });

  it('counts one rate limit across both: the fourth upload in a minute is refused wherever it lands', async () => {
    const statuses = [];
    for (const instance of [a.app, bApp, a.app, bApp]) {
      const { payload, headers } = await multipartBody({ bytes: testCardPng({ name: `Card ${statuses.length}` }) });
      statuses.push(
        (await instance.inject({ method: 'POST', url: '/api/upload/image', payload, headers: { ...headers, ...carol.headers } }))
          .statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("shares one job queue: either instance runs an import, each of an account's imports after the other, once", async () => {
    const dave = await userOf(a, 'two-queues');
    const started = [];
    // Three: the limit of this app's uploads a minute, which imports count against.
    for (const [index, instance] of [a.app, bApp, a.app].entries()) {
      const { payload, headers } = await multipartBody({
        field: 'file',
        filename: 'x.zip',
        type: 'application/zip',
        bytes: archive(1, 2_000, 200 + index),
      });
      const response = await instance.inject({
        method: 'POST',
        url: '/api/chats/import',
        payload,
        headers: { ...headers, ...dave.headers },
      });
      expect(response.statusCode, response.body).toBe(202);
      started.push(response.json().job.id as string);
    }
    // One heavy job of an account at a time, whichever instance holds it.
    let most = 0;
    let ended = false;
    const watching = (async () => {
      while (!ended) {
        const running = await a.db.kysely
          .selectFrom('jobs')
          .select('id')
          .where('state', '=', 'running')
          .where('id', 'in', started)
          .execute();
        most = Math.max(most, running.length);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    })();
    const jobs = await Promise.all(started.map((id) => jobEnded(a, id)));
    ended = true;
    await watching;
    expect(jobs.map((job) => [job.state, job.attempts])).toEqual(started.map(() => ['done', 1]));
    expect(most).toBe(1);
    // B answers about A's jobs as A does.
    const seen = await bApp.inject({ method: 'GET', url: `/api/jobs/${started[0]}`, headers: dave.headers });
    expect(seen.json()).toMatchObject({ state: 'done', imported: [{ message_count: 2_000 }] });
    const chats = await a.db.kysely
      .selectFrom('chats')
      .select('id')
      .where(
        'user_id',
        '=',
        (await a.db.kysely.selectFrom('users').select('id').where('subject', '=', 'two-queues').executeTakeFirstOrThrow()).id,
      )
      .execute();
    expect(chats).toHaveLength(3);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('an instance killed mid-import (needs TEST_DATABASE_URL)', () => {
  const cleanups: (() => unknown)[] = [];
  let env: Record<string, string>;
  let databaseUrl: string;

  beforeAll(async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    databaseUrl = scratch.url;
    env = { DATABASE_URL: scratch.url, ...s3.env, JOB_LEASE_SECONDS: '3', LOG_LEVEL: 'warn' };
  });
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  const start = async (name: string): Promise<ServerChild> => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cardchat-jobs-${name}-`));
    const child = await startServerChild(dataDir, env);
    cleanups.push(async () => {
      await child.kill();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    return child;
  };

  it('is finished by the other instance once its lease runs out, exactly once', async () => {
    const first = await start('A');
    const db = openDb({ databaseUrl, dataDir: os.tmpdir() });
    cleanups.push(() => db.close());
    const token = await accessToken(
      { config: loadConfig({ PUBLIC_URL: CHILD_PUBLIC_URL, DATA_DIR: os.tmpdir() }), db, dataDir: os.tmpdir() },
      { sub: 'killed-mid-import' },
    );
    const headers = { ...bearer(token), host: new URL(CHILD_PUBLIC_URL).host };
    // 3 chats of 9,000 messages: a few seconds of writing, long enough to be cut in the middle.
    const form = new FormData();
    form.append('file', new Blob([archive(3, 9_000, 1_000) as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), 'big.zip');
    const response = await fetch(`${first.baseURL}/api/chats/import`, { method: 'POST', headers, body: form });
    expect(response.status, await response.clone().text()).toBe(202);
    const jobId = ((await response.json()) as { job: { id: string } }).job.id;

    await until('the import to be part-way', async () => {
      const [job] = await queryOnce<{ progress: string | null }>(databaseUrl, 'select progress from jobs where id = $1', [jobId]);
      const progress = job?.progress ? (JSON.parse(job.progress) as { done: number; total: number }) : undefined;
      return progress && progress.done > 0 && progress.done < progress.total ? progress : undefined;
    });
    await first.kill();
    const [cut] = await queryOnce<{ n: string }>(
      databaseUrl,
      'select count(*) as n from messages m join chats c on c.id = m.chat_id join jobs j on j.user_id = c.user_id where j.id = $1',
      [jobId],
    );
    expect(Number(cut!.n)).toBeGreaterThan(0);

    const second = await start('B');
    await until(
      'the other instance to finish it',
      async () => {
        const [job] = await queryOnce<{ state: string }>(databaseUrl, 'select state from jobs where id = $1', [jobId]);
        return job?.state === 'done' || job?.state === 'failed' ? job : undefined;
      },
      120_000,
    );
    const [job] = await queryOnce<{ state: string; attempts: number; lease_owner: string | null }>(
      databaseUrl,
      'select state, attempts, lease_owner from jobs where id = $1',
      [jobId],
    );
    expect(job).toMatchObject({ state: 'done', attempts: 2, lease_owner: null });
    // Exactly once: three chats, every message once, nothing left hidden.
    const chats = await queryOnce<{ id: string; message_count: number; importing_since: string | null }>(
      databaseUrl,
      "select c.id, c.message_count, c.importing_since from chats c join users u on u.id = c.user_id where u.subject = 'killed-mid-import'",
    );
    expect(chats).toHaveLength(3);
    for (const chat of chats) {
      expect(chat.importing_since).toBeNull();
      const [count] = await queryOnce<{ n: string; seqs: string }>(
        databaseUrl,
        'select count(*) as n, count(distinct seq) as seqs from messages where chat_id = $1',
        [chat.id],
      );
      expect([Number(count!.n), Number(count!.seqs), Number(chat.message_count)]).toEqual([9_000, 9_000, 9_000]);
    }
    const answer = await fetch(`${second.baseURL}/api/jobs/${jobId}`, { headers });
    expect(((await answer.json()) as { imported: unknown[] }).imported).toHaveLength(3);
  }, 300_000);
});
