/**
 * One free account importing highly compressible chat archives back to back. A
 * 337 KB zip used to grow the database by ~195 MiB per import and stall everyone else for seconds.
 * Now the archive the attack used is refused from its directory; the largest one the limits let
 * through is stored until the account's plan quota is full, then refused with a message naming the
 * quota; the disk grows by a bounded multiple of that quota; and another user's requests stay fast
 * all the while (their p50 is the one timing this suite asserts: one account must not slow another, and only a
 * timing can show it).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageQuota } from '@core/contract/constants';
import { formatBytes } from '@core/bytes';
import { userOf, type Uploader } from '../cards';
import { chatJsonl, importArchive, importOutcome } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';
import { blobFiles, rowsOf, userIdOf } from './nothing-written';
import { diskBytes } from './disk-usage';

/** A zip of `files` chat files, each of `messages` messages of `chars` times the same letter. */
/** `createDate` tells archives apart: the same chat imported again is recognized and adds nothing. */
function compressibleArchive(files: number, messages: number, chars: number, createDate = Date.UTC(2024, 0, 1)): Uint8Array {
  const text = 'a'.repeat(chars);
  const entries: Record<string, Uint8Array> = {};
  for (let file = 0; file < files; file += 1) {
    entries[`chat-${file}.jsonl`] = strToU8(
      chatJsonl(
        `Echo ${file}`,
        Array.from({ length: messages }, (_, i) => ({ mes: text, is_user: i % 2 === 0 })),
        createDate,
      ),
    );
  }
  return zipSync(entries);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

describe.each(databases)('one free account importing compressible archives (%s)', (dialect) => {
  let test: TestApp;
  let origin: string;
  let mallory: Uploader;
  let bystander: Uploader;

  beforeAll(async () => {
    // The upload limit is raised so the quota, not the rate limit, is what stops the imports.
    test = await createTestApp(dialect, { RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' });
    origin = await test.app.listen({ port: 0, host: '127.0.0.1' });
    mallory = await userOf(test, 'mallory-imports');
    bystander = await userOf(test, 'bystander');
  });
  afterAll(() => test.close());

  it("refuses the attack's archive (4 × 12,000 messages in 337 KB) before inflating it, writing nothing", async () => {
    const zip = compressibleArchive(4, 12_000, 2_000);
    expect(zip.length).toBeLessThan(1024 * 1024);
    const malloryId = await userIdOf(test, mallory);
    const blobs = blobFiles(test);
    const response = await importArchive(test, mallory, zip);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(413);
    expect(response.json()).toMatchObject({ error: 'too_large', message: expect.stringMatching(/64 MB/) });
    expect(await rowsOf(test, malloryId)).toEqual({ images: 0, chats: 0, messages: 0 });
    expect(blobFiles(test)).toEqual(blobs);
  });

  it(
    'stores the largest archive the limits allow until the Free quota is full, bounding the disk, while another user stays fast',
    { timeout: 300_000 },
    async () => {
      // 3 files × 9,000 messages × 2,000 letters: about 57 MB inflated from a few hundred KB, under every archive limit.
      const first = compressibleArchive(3, 9_000, 2_000);
      const quota = storageQuota('normal');
      const before = await diskBytes(test, { settled: true });

      let importing = true;
      const latencies: number[] = [];
      const bystanderRequests = (async () => {
        const paths = ['/api/users/profile', '/api/upload/image?q=nobody', '/api/collections'];
        for (let i = 0; importing; i += 1) {
          const started = performance.now();
          const response = await fetch(`${origin}${paths[i % paths.length]}`, { headers: bystander.headers });
          await response.arrayBuffer();
          latencies.push(performance.now() - started);
          expect(response.status).toBe(200);
          await sleep(5);
        }
      })();

      const answers: { status: number; body: string }[] = [];
      try {
        // Old code accepted every one of these; the quota must stop them well before the eighth.
        for (let attempt = 0; attempt < 8; attempt += 1) {
          const form = new FormData();
          // Each attempt's chats begun a day later: new chats, not the ones already here again.
          const zip = attempt === 0 ? first : compressibleArchive(3, 9_000, 2_000, Date.UTC(2024, 0, 1 + attempt));
          form.append('file', new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), 'echo.zip');
          const response = await fetch(`${origin}/api/chats/import`, { method: 'POST', headers: mallory.headers, body: form });
          // Each import is a job: followed to its end, as the PWA follows it.
          const outcome = await importOutcome(test, mallory, { statusCode: response.status, body: await response.text() });
          answers.push({ status: outcome.statusCode, body: outcome.body });
          if (outcome.statusCode !== 200) break;
        }
      } finally {
        importing = false;
        await bystanderRequests;
      }

      const refusal = answers.at(-1)!;
      expect(
        answers.slice(0, -1).every((answer) => answer.status === 200),
        JSON.stringify(answers.map((a) => a.status)),
      ).toBe(true);
      expect(answers.length).toBeGreaterThan(1);
      expect(refusal.status, refusal.body.slice(0, 300)).toBe(413);
      const body = JSON.parse(refusal.body) as { error: string; message: string };
      expect(body.error).toBe('storage_quota');
      expect(body.message).toContain(formatBytes(quota));
      expect(body.message).toMatch(/Free plan/);
      expect(body.message).toMatch(/Pricing/);

      const grown = (await diskBytes(test, { settled: true })) - before;
      // The quota counts what is stored (rows in their pages, indexes, blobs in blocks): the disk grows by no more than 1.2 × what it shows.
      const shown = (await test.app.inject({ method: 'GET', url: '/api/users/storage', headers: mallory.headers })).json()
        .used_bytes as number;
      expect(grown, `grew ${formatBytes(grown)} for ${formatBytes(shown)} shown`).toBeLessThanOrEqual(1.2 * shown);
      const p50 = median(latencies);
      console.log(
        `${dialect}: ${answers.length - 1} imports stored, then refused; disk grew ${formatBytes(grown)} for ${formatBytes(shown)} the quota shows (${(grown / shown).toFixed(2)}×); another user's p50 ${p50.toFixed(1)} ms over ${latencies.length} requests`,
      );
      expect(latencies.length).toBeGreaterThan(20);
      expect(p50, `another user's p50 over ${latencies.length} requests`).toBeLessThan(100);

      // What was accepted is whole and shown; the refused import left nothing, not even a hidden chat.
      const accepted = answers.length - 1;
      expect(await rowsOf(test, await userIdOf(test, mallory))).toEqual({ images: 0, chats: 3 * accepted, messages: 27_000 * accepted });
      const hidden = await test.db.kysely.selectFrom('chats').select('id').where('importing_since', 'is not', null).execute();
      expect(hidden).toEqual([]);

      const usage = await test.app.inject({ method: 'GET', url: '/api/users/storage', headers: mallory.headers });
      expect(usage.statusCode).toBe(200);
      expect(usage.json().used_bytes).toBeLessThanOrEqual(quota);
      expect(usage.json().quota_bytes).toBe(quota);
    },
  );
});
