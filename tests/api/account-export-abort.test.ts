import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobEnded } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';
import { accessToken, bearer } from './tokens';

const CHATS = 200;
const MESSAGES = 40;

/** GET the export's zip over a real socket; `stopAfter` bytes in, the client hangs up. Resolves with what arrived. */
function download(
  port: number,
  token: string,
  path: string,
  stopAfter = Infinity,
): Promise<{ status: number; bytes: number; complete: boolean }> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path, headers: { ...bearer(token), host: 'localhost:8787' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes >= stopAfter) {
          request.destroy();
          resolve({ status: response.statusCode!, bytes, complete: false });
        }
      });
      response.on('end', () => resolve({ status: response.statusCode!, bytes, complete: true }));
    });
    request.on('error', (error) => (request.destroyed ? undefined : reject(error)));
  });
}

describe.each(databases)('a data export whose download the client walks away from (%s)', (dialect) => {
  let test: TestApp;
  let port: number;
  let token: string;

  beforeAll(async () => {
    test = await createTestApp(dialect);
    token = await accessToken(test, { sub: 'walker', email: 'walker@example.com' });
    expect((await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).statusCode).toBe(200);
    const { id: userId } = await test.db.kysely.selectFrom('users').select('id').where('subject', '=', 'walker').executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    // Text that does not compress, so the zip is megabytes and cannot be sent before the client hangs up.
    for (let c = 0; c < CHATS; c++) {
      const chatId = randomUUID();
      await test.db.kysely
        .insertInto('chats')
        .values({
          id: chatId,
          user_id: userId,
          image_id: null,
          character_name: 'Walker',
          card_type: 'user',
          card_json: null,
          portrait_key: null,
          message_count: MESSAGES,
          size: 0,
          last_message_at: now,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const messages = Array.from({ length: MESSAGES }, (_, seq) => ({
        id: randomUUID(),
        chat_id: chatId,
        seq,
        role: seq % 2 ? ('assistant' as const) : ('user' as const),
        content: randomBytes(300).toString('base64'),
        name: 'x',
        send_date: now,
        client_id: null,
      }));
      await test.db.kysely.insertInto('messages').values(messages).execute();
    }
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    port = (test.app.server.address() as AddressInfo).port;
  }, 120_000);
  afterAll(() => test.close());

  it('lets the same export be fetched again at once, and that one arrives whole', async () => {
    const started = await test.app.inject({ method: 'POST', url: '/api/users/me/export', headers: bearer(token) });
    expect(started.statusCode).toBe(202);
    const jobId = (started.json() as { job: { id: string } }).job.id;
    expect((await jobEnded(test, jobId)).state).toBe('done');
    const path = `/api/jobs/${jobId}/file`;
    const cut = await download(port, token, path, 64 * 1024);
    expect(cut).toMatchObject({ status: 200, complete: false });
    // The export was prepared once, by its job: a download cut short costs nothing and is simply asked for again.
    const next = await download(port, token, path);
    expect(next).toMatchObject({ status: 200, complete: true });
    expect(next.bytes).toBeGreaterThan(CHATS * MESSAGES * 300);
  });
});
