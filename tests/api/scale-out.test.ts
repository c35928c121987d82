/**
 * Scale-out: two instances of `npm start` behind one origin (both have PUBLIC_URL
 * http://localhost:8787, as behind a load balancer), sharing one PostgreSQL database and one S3
 * bucket, and holding nothing of their own that a user depends on. Every request may land on
 * either: sign-in state, tokens, cards, chats and the idempotency ledger all live in the shared
 * stores, so a user moving between instances mid-way notices nothing.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exited } from '../../scripts/lib/server-process';
import { startS3Server } from '../support/s3Server';
import { cardPng, multipartBody } from './cards';
import {
  account,
  authorizeUrl,
  CLIENT_ID,
  followToCode,
  httpTo,
  OidcBrowser,
  ORIGIN,
  pkce,
  REDIRECT_URI,
  requestToken,
  startSignIn,
  type BrowserRequest,
  type HttpResponse,
  type Transport,
} from './oidc-browser';
import { createScratchDatabase } from './security/scratch-postgres';
import { CHILD_PUBLIC_URL, startServerChild, type ServerChild } from './security/server-child';

interface Instance {
  name: string;
  child: ServerChild;
  /** Its own files (SQLite would be here, and blobs without S3): none of the shared state may be. */
  dataDir: string;
  /** Straight to this instance's port, with the Host header of the shared origin. */
  http: Transport<HttpResponse>;
}

interface StoredMessage {
  role: string;
  content: string;
}

describe.runIf(process.env.TEST_DATABASE_URL)('two instances sharing PostgreSQL and S3 (needs TEST_DATABASE_URL)', () => {
  const who = account('scale-out');
  const cleanups: (() => unknown)[] = [];
  /** How each instance ended on SIGTERM, checked once everything is cleaned up. */
  const exits = new Map<string, number | string>();
  let a: Instance;
  let b: Instance;
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  /** The latest tokens; the steps below go on with whatever the previous one left. */
  let accessToken: string;
  let cardId: string;
  let png: Uint8Array;
  const chatId = randomUUID();

  /** A request of the signed-in PWA to one instance: `json` as a JSON body, or `body` as it is. */
  function api(
    instance: Instance,
    method: BrowserRequest['method'],
    target: string,
    { json, body, headers = {} }: { json?: unknown; body?: Buffer; headers?: Record<string, string> } = {},
  ) {
    return instance.http({
      method,
      path: target,
      headers: {
        host: new URL(ORIGIN).host,
        authorization: `Bearer ${accessToken}`,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(json === undefined ? (body ? { body } : {}) : { body: JSON.stringify(json) }),
    });
  }

  /**
   * One message of the chat, as the PWA sends it: every one names the character, the first also the
   * greeting the chat opens with.
   */
  const send = (instance: Instance, text: string, { key = randomUUID(), greetingIndex }: { key?: string; greetingIndex?: number } = {}) =>
    api(instance, 'POST', '/api/chat/completions', {
      json: {
        chat_id: chatId,
        character_id: cardId,
        messages: [{ role: 'user', content: text }],
        stream: false,
        ...(greetingIndex === undefined ? {} : { greeting_index: greetingIndex }),
      },
      headers: { 'idempotency-key': key },
    });

  const replyOf = (response: HttpResponse) => response.json().choices[0].message.content as string;

  async function messages(instance: Instance): Promise<StoredMessage[]> {
    const page = await api(instance, 'POST', '/api/chats/get', { json: { chat_id: chatId } });
    expect(page.statusCode, page.body).toBe(200);
    return (page.json().data as StoredMessage[]).map(({ role, content }) => ({ role, content }));
  }

  beforeAll(async () => {
    s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    const env = { DATABASE_URL: scratch.url, ...s3.env, ADMIN_EMAILS: who.email };
    // The Host every request names (the browser's and api()'s) is the origin both instances are built for.
    expect(CHILD_PUBLIC_URL).toBe(ORIGIN);

    const start = async (name: string): Promise<Instance> => {
      // Its own DATA_DIR, as on its own machine: nothing there may be needed by the other instance.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cardchat-scale-${name}-`));
      cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
      const child = await startServerChild(dataDir, env);
      cleanups.push(async () => {
        child.process.kill('SIGTERM');
        exits.set(name, await exited(child.process));
      });
      return { name, child, dataDir, http: httpTo(child.baseURL) };
    };
    // Both at once on an empty database, as a deploy starts them: they race to migrate and to store
    // the provider's first keys, and must agree on one schema and one set of keys.
    const started = await Promise.allSettled([start('A'), start('B')]);
    for (const result of started) if (result.status === 'rejected') throw result.reason;
    [a, b] = started.map((result) => (result as PromiseFulfilledResult<Instance>).value) as [Instance, Instance];
  });

  afterAll(async () => {
    // Servers first (they hold the database's connections), then the database and the bucket.
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    // A clean stop on SIGTERM is part of being one of several instances a deploy replaces.
    expect(Object.fromEntries(exits)).toEqual({ A: 0, B: 0 });
  });

  it('signs in through A with the session and the tokens valid on B, and rotates refresh tokens across both', async () => {
    // One browser whose requests the load balancer spreads without sticky sessions: its cookies
    // go with it to whichever instance answers.
    const browser = new OidcBrowser(a.http);
    const { verifier, challenge } = pkce();
    const interaction = await startSignIn(browser, challenge);
    const signedUp = await browser.request('POST', `${interaction}/signup`, who);
    browser.transport = b.http;
    const code = await followToCode(browser, signedUp);

    const issued = await requestToken(b.http, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    const first = issued.json();
    expect(decodeJwt(first.access_token)).toMatchObject({ iss: `${ORIGIN}/oidc`, email: who.email });

    const atB = await requestToken(b.http, { grant_type: 'refresh_token', refresh_token: first.refresh_token, client_id: CLIENT_ID });
    expect(atB.statusCode, atB.body).toBe(200);
    expect(atB.json().refresh_token).not.toBe(first.refresh_token);
    const atA = await requestToken(a.http, { grant_type: 'refresh_token', refresh_token: atB.json().refresh_token, client_id: CLIENT_ID });
    expect(atA.statusCode, atA.body).toBe(200);
    accessToken = atA.json().access_token;

    // The session B made on the way back is A's too: A signs the browser in again without a form.
    browser.transport = a.http;
    const silent = await browser.request('GET', authorizeUrl(pkce().challenge));
    expect(String(silent.headers.location)).toMatch(/^http:\/\/localhost:8787\/callback\?code=/);

    // A token issued by one instance is accepted by both, and both see the administrator it names.
    for (const instance of [a, b]) {
      const profile = await api(instance, 'GET', '/api/users/profile');
      expect(profile.statusCode, `${instance.name}: ${profile.body}`).toBe(200);
      expect(profile.json(), instance.name).toMatchObject({ email: who.email, name: who.name });
    }
  });

  it('stores a card uploaded on A in the shared bucket, listed and served by B', async () => {
    png = cardPng({ name: 'Shared Sam' });
    const { payload, headers } = await multipartBody({ bytes: png }, { public_release: 'true' });
    const uploaded = await api(a, 'POST', '/api/upload/image', { body: payload, headers });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().data).toMatchObject({ is_public: 1 });
    cardId = uploaded.json().data.file_id;
    expect(await s3.keys()).toContain(`cards/${cardId}.png`);
    for (const { name, dataDir } of [a, b]) {
      const local = fs.readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
      expect(
        local.filter((file) => file.includes(cardId)),
        name,
      ).toEqual([]);
    }

    const gallery = await api(b, 'GET', '/api/upload/image?limit=20');
    expect(gallery.statusCode, gallery.body).toBe(200);
    expect(gallery.json().data.map((image: { file_id: string }) => image.file_id)).toContain(cardId);
    const image = await api(b, 'GET', `/api/upload/image/${cardId}`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(Buffer.from(png))).toBe(true);
  });

  it('goes on with a chat started on B on A, and either shows all of it', async () => {
    const started = await send(b, 'Hello from B', { greetingIndex: 0 });
    expect(started.statusCode, started.body).toBe(200);
    const continued = await send(a, 'And hello from A');
    expect(continued.statusCode, continued.body).toBe(200);

    const stored = await messages(b);
    expect(stored).toEqual([
      { role: 'assistant', content: `Hello, ${who.name}.` },
      { role: 'user', content: 'Hello from B' },
      { role: 'assistant', content: replyOf(started) },
      { role: 'user', content: 'And hello from A' },
      { role: 'assistant', content: replyOf(continued) },
    ]);
    expect(await messages(a)).toEqual(stored);
  });

  it('stores a message sent with one Idempotency-Key to both instances at once only once', async () => {
    const key = randomUUID();
    const text = 'Once, whoever answers';
    // At once: each instance finds the key either unknown (and one of them loses the ledger row to
    // the other), still running on the other (409), or already answered there (its stored reply).
    const racing = await Promise.all([send(a, text, { key }), send(b, text, { key })]);
    for (const response of racing) {
      expect([200, 409], response.body).toContain(response.statusCode);
      if (response.statusCode === 409) expect(response.json().error).toBe('in_progress');
    }
    const answered = racing.filter((response) => response.statusCode === 200).map(replyOf);
    expect(answered.length).toBeGreaterThan(0);

    // The PWA's retry, again to both: the finished request's reply from either.
    const retried = await Promise.all([send(a, text, { key }), send(b, text, { key })]);
    for (const response of retried) expect(response.statusCode, response.body).toBe(200);
    const reply = replyOf(retried[0]!);
    expect(retried.map(replyOf)).toEqual([reply, reply]);
    expect(answered.every((content) => content === reply)).toBe(true);

    const stored = await messages(a);
    expect(stored.filter(({ content }) => content === text)).toHaveLength(1);
    expect(stored).toHaveLength(7);
    expect(stored.slice(-2)).toEqual([
      { role: 'user', content: text },
      { role: 'assistant', content: reply },
    ]);
  });
});
