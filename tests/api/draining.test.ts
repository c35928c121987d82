import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { exited } from '../../scripts/lib/server-process';
import { loadConfig } from '../../server/config';
import { openDb } from '../../server/db/index';
import { testCardPng } from '../support/cards';
import { multipartBody } from './cards';
import { accessToken, bearer } from './tokens';
import { CHILD_PUBLIC_URL, startServerChild, type ServerChild } from './security/server-child';

/**
 * A deploy stops instances with SIGTERM while replies are streaming. They get a few seconds to
 * finish, then end with an error the PWA retries, and the retry (on any instance) is answered at
 * once, not refused as 'still in progress' until the ledger entry goes stale.
 */
describe('draining on SIGTERM', () => {
  const cleanups: (() => unknown)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function start(dataDir: string, wordDelayMs: number): Promise<ServerChild> {
    const server = await startServerChild(dataDir, { LLM_DEMO_WORD_DELAY_MS: String(wordDelayMs), LOG_LEVEL: 'info' });
    cleanups.push(() => server.kill());
    return server;
  }

  it(
    'ends a reply still streaming after the grace period with a retryable error, exits 0, and answers the retry',
    { timeout: 60_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-drain-'));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      // A slow demo: one word every 2 s outlasts the grace period by far.
      let server = await start(dataDir, 2_000);
      const db = openDb({ dataDir });
      const headers = bearer(
        await accessToken({ db, dataDir, config: loadConfig({ PUBLIC_URL: CHILD_PUBLIC_URL, DATA_DIR: dataDir }) }, { sub: 'drained' }),
      );
      await db.close();
      const { payload, headers: form } = await multipartBody({ bytes: testCardPng({ name: 'Patient' }) });
      const uploaded = await fetch(`${server.baseURL}/api/upload/image`, {
        method: 'POST',
        headers: { ...headers, ...form },
        body: new Uint8Array(payload),
      });
      const card = (await uploaded.json()).data.file_id as string;

      const chatId = randomUUID();
      const key = randomUUID();
      const send = (base: string, stream: boolean) =>
        fetch(`${base}/api/chat/completions`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
          body: JSON.stringify({ chat_id: chatId, character_id: card, messages: [{ role: 'user', content: 'Take your time' }], stream }),
        });
      const streaming = await send(server.baseURL, true);
      expect(streaming.status).toBe(200);
      server.process.kill('SIGTERM');
      const [body, code] = await Promise.all([streaming.text(), exited(server.process)]);
      expect(body).toContain('"server_restarting"');
      expect(body).toContain('The server restarted while replying. Please try again.');
      expect(code).toBe(0);

      server = await start(dataDir, 0);
      const retried = await send(server.baseURL, false);
      expect(retried.status).toBe(200);
      const reply = await retried.json();
      expect(reply.choices[0].message.content.length).toBeGreaterThan(0);
      const chat = await fetch(`${server.baseURL}/api/chats/get`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId }),
      });
      const texts = ((await chat.json()).data as { role: string; content: string }[])
        .filter((m) => m.role === 'user')
        .map((m) => m.content);
      expect(texts).toEqual(['Take your time']);
    },
  );
});
