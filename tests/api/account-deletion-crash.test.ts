import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../support/until';
import { openDb, type Db } from '../../server/db/index';
import { cardPng, multipartBody } from './cards';
import { databases } from './helpers';
import { account, httpTo, OidcBrowser, ORIGIN, pkce, REDIRECT_URI, requestToken, signUp, startSignIn } from './oidc-browser';
import { createScratchDatabase } from './security/scratch-postgres';
import { startServerChild, type ServerChild } from './security/server-child';

/**
 * A deletion cut short: one of the account's blobs cannot be removed (a directory stands where a
 * thumbnail was), so the server stops part-way, and is then killed with SIGKILL. Until it is started
 * again the account is half there, but it does not sign in and its token is refused; the next start
 * finishes the work.
 */
describe.each(databases)('an account deletion interrupted by SIGKILL (%s)', (dialect) => {
  const cleanups: (() => unknown)[] = [];
  let dataDir: string;
  let env: Record<string, string> = {};
  let db: Db;
  let server: ServerChild | undefined;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-deletion-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    if (dialect === 'postgres') {
      const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
      cleanups.unshift(() => scratch.drop());
      env = { DATABASE_URL: scratch.url };
    }
    server = await startServerChild(dataDir, env);
    db = dialect === 'postgres' ? openDb({ databaseUrl: env.DATABASE_URL!, dataDir }) : openDb({ dataDir });
    cleanups.unshift(() => db.close());
  }, 180_000);
  afterAll(async () => {
    await server?.kill();
    for (const cleanup of cleanups) await cleanup();
  });

  it('finishes at the next start, and the account never signs in again', async () => {
    const http = httpTo(server!.baseURL);
    const who = account('crash');
    const { code, verifier } = await signUp(new OidcBrowser(http), who);
    const tokens = (
      await requestToken(http, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: REDIRECT_URI,
        client_id: 'cardchat-web',
        code_verifier: verifier,
      })
    ).json();
    const headers = { host: new URL(ORIGIN).host, authorization: `Bearer ${tokens.access_token}` };
    const cardIds: string[] = [];
    for (const name of ['One', 'Two', 'Three']) {
      const { payload, headers: form } = await multipartBody({ bytes: cardPng({ name }) });
      const uploaded = await http({ method: 'POST', path: '/api/upload/image', headers: { ...headers, ...form }, body: payload });
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      cardIds.push(uploaded.json().data.file_id);
    }
    const chatId = randomUUID();
    const sent = await http({
      method: 'POST',
      path: '/api/chat/completions',
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ chat_id: chatId, character_id: cardIds[0], messages: [{ role: 'user', content: 'hi' }], stream: false }),
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const userId = (await db.kysely.selectFrom('users').select('id').where('email', '=', who.email).executeTakeFirstOrThrow()).id;

    // The last card's thumbnail cannot be removed: the deletion gets that far and stops.
    const blocked = path.join(dataDir, 'blobs', 'thumbs', `${cardIds[2]}-480.webp`);
    fs.rmSync(blocked);
    fs.mkdirSync(blocked);
    fs.writeFileSync(path.join(blocked, 'in-the-way'), 'x');

    const deleted = await http({
      method: 'DELETE',
      path: '/api/users/me',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ confirmation: who.email }),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await until('the attempt to stop short', async () => {
      const row = await db.kysely.selectFrom('account_deletions').select('last_error').where('user_id', '=', userId).executeTakeFirst();
      return row?.last_error ?? undefined;
    });
    await server!.kill();
    server = undefined;

    // Half deleted: the user row and some of its data are still there...
    expect(await db.kysely.selectFrom('users').select('deleted_at').where('id', '=', userId).executeTakeFirst()).toMatchObject({
      deleted_at: expect.any(String),
    });
    expect((await db.kysely.selectFrom('images').select('id').where('owner_id', '=', userId).execute()).length).toBeGreaterThan(0);
    fs.rmSync(blocked, { recursive: true });

    server = await startServerChild(dataDir, env);
    const restarted = httpTo(server.baseURL);
    // ...yet refused from the first request of the new process, and the sign-in account is gone.
    const profile = await restarted({ method: 'GET', path: '/api/users/profile', headers });
    expect(profile.statusCode).toBe(401);
    const browser = new OidcBrowser(restarted);
    const interaction = await startSignIn(browser, pkce().challenge);
    expect((await browser.request('POST', interaction, { email: who.email, password: who.password })).statusCode).toBe(400);
    const refreshed = await requestToken(restarted, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'cardchat-web',
    });
    expect(refreshed.json().error).toBe('invalid_grant');

    await until('the deletion to finish', async () => {
      const row = await db.kysely.selectFrom('account_deletions').select('finished_at').where('user_id', '=', userId).executeTakeFirst();
      return row?.finished_at ?? undefined;
    });
    expect(await db.kysely.selectFrom('users').select('id').where('id', '=', userId).execute()).toEqual([]);
    expect(await db.kysely.selectFrom('images').select('id').where('owner_id', '=', userId).execute()).toEqual([]);
    expect(await db.kysely.selectFrom('chats').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    const left = fs
      .readdirSync(path.join(dataDir, 'blobs'), { recursive: true })
      .map(String)
      .filter((name) => cardIds.some((id) => name.includes(id)));
    expect(left).toEqual([]);
  }, 180_000);
});
