/**
 * Request bodies over their limits, on every route that takes one: 413 with our JSON error and a
 * sentence naming the limit, before the body is parsed or anything is written. The routes come from
 * the server's own route table, so a route added later is attacked too without editing this file.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_TOO_LARGE } from '@core/card/index';
import { CARD_EDIT_BODY_LIMIT } from '@core/contract/cardEdits';
import { MESSAGE_IMPORT_TOO_LARGE } from '@core/contract/chats';
import { PERSONA_BODY_LIMIT } from '@core/contract/personas';
import { MESSAGE_EDIT_TOO_LARGE } from '../../../server/services/cardEdits';
import { MESSAGE_AVATAR_TOO_LARGE } from '../../../server/services/personas/avatar';
import { MESSAGE_TOO_BIG } from '../../../server/services/replacement';
import { cardPng, multipartBody, userOf, type Uploader } from '../cards';
import { createTestApp, databases, type TestApp } from '../helpers';
import { blobFiles, rowsOf, userIdOf } from './nothing-written';

const ADMIN = 'big-bodies@example.com';

const MiB = 1024 * 1024;
const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
type BodyMethod = (typeof BODY_METHODS)[number];

/** Every route and its methods, read from Fastify's printed route tree (it has no other public listing). */
function routeTable(app: FastifyInstance): { url: string; methods: string[] }[] {
  const prefixes: string[] = [];
  const routes: { url: string; methods: string[] }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const url = (prefixes[depth - 1] ?? '') + match[2]!;
    prefixes.length = depth;
    prefixes[depth] = url;
    if (match[3]) routes.push({ url, methods: match[3].split(', ') });
  }
  return routes;
}

/** A JSON object of `bytes` bytes: a padding string, so the body is valid JSON of exactly that size. */
function jsonOfSize(bytes: number): string {
  const shell = '{"chat_id":"x","pad":""}';
  return `{"chat_id":"x","pad":"${'a'.repeat(bytes - shell.length)}"}`;
}

/** The route's own limit and message where it has one; everything else is Fastify's 1 MB default. */
function expectedLimit(method: BodyMethod, url: string): { bytes: number; message: string } {
  if (url === '/api/character-replacement/replace') return { bytes: 14 * MiB, message: MESSAGE_TOO_BIG };
  // Bodies that carry a picture as base64: the editor's save and a persona with its avatar.
  if (url === '/api/upload/card/x') return { bytes: CARD_EDIT_BODY_LIMIT + 1, message: MESSAGE_EDIT_TOO_LARGE };
  if (url.startsWith('/api/personas') && method !== 'DELETE') return { bytes: PERSONA_BODY_LIMIT + 1, message: MESSAGE_AVATAR_TOO_LARGE };
  return { bytes: MiB + 1, message: 'The request is too large (limit 1 MB).' };
}

describe.each(databases)('request bodies over their limits (%s)', (dialect) => {
  let test: TestApp;
  let user: Uploader;
  let userId: string;
  let routes: { method: BodyMethod; url: string }[];

  beforeAll(async () => {
    // An administrator, so the review routes (404 to anyone else) are reached and checked too.
    test = await createTestApp(dialect, { ADMIN_EMAILS: ADMIN });
    user = await userOf(test, 'big-bodies', ADMIN);
    userId = await userIdOf(test, user);
    routes = routeTable(test.app)
      // `*` is the embedded OpenID provider, which reads its own bodies (oidc-provider's limits).
      .filter(({ url }) => url !== '*')
      .flatMap(({ url, methods }) =>
        BODY_METHODS.filter((method) => methods.includes(method)).map((method) => ({
          method,
          url: url.replace(':width.webp', '240.webp').replace(/:[a-z_]+/g, 'x'),
        })),
      );
  });
  afterAll(() => test.close());

  it('finds every route that takes a body', () => {
    const urls = routes.map(({ method, url }) => `${method} ${url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        'PUT /api/users/profile',
        'POST /api/favorites/add',
        'POST /api/chat/completions',
        'POST /api/messages',
        'POST /api/character-replacement/replace',
        'POST /api/chats/list',
        'POST /api/chats/get',
        'POST /api/chats/delete',
        'POST /api/chats/photo',
        'POST /api/chats/export',
        'POST /api/chats/import',
        'POST /api/upload/image',
        'DELETE /api/favorites/x',
        'DELETE /api/upload/images/user/x',
        'PUT /api/upload/card/x',
        'POST /api/personas',
        'PUT /api/personas/x',
        'PATCH /api/messages/x',
        'DELETE /api/users/me',
        'POST /api/admin/review/x/approve',
      ]),
    );
  });

  it('answers a JSON body just over the limit with 413 and JSON on every one of them', async () => {
    const before = { rows: await rowsOf(test, userId), blobs: blobFiles(test) };
    for (const { method, url } of routes) {
      const { bytes, message } = expectedLimit(method, url);
      const response = await test.app.inject({
        method,
        url,
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: jsonOfSize(bytes),
      });
      expect(response.statusCode, `${method} ${url}: ${response.body.slice(0, 200)}`).toBe(413);
      expect(response.headers['content-type'], `${method} ${url}`).toMatch(/^application\/json/);
      expect(response.json(), `${method} ${url}`).toEqual({ error: 'payload_too_large', message });
    }
    expect(await rowsOf(test, userId)).toEqual(before.rows);
    expect(blobFiles(test)).toEqual(before.blobs);
  });

  it('counts a body sent without Content-Length as it arrives', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/api/messages',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: Readable.from([Buffer.from(jsonOfSize(MiB + 1))]),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'payload_too_large', message: expect.stringMatching(/^The request is too large/) });
  });

  it('refuses a sign-in form over 16 KB with 413 and JSON', async () => {
    const response = await test.app.inject({
      method: 'POST',
      url: '/oidc/interaction/x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `login=a&password=${'a'.repeat(16 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'payload_too_large', message: 'The request is too large.' });
  });

  it('refuses a card upload over 20 MB from its length, before reading it', async () => {
    const before = { rows: await rowsOf(test, userId), blobs: blobFiles(test) };
    const big = new Uint8Array(21 * MiB);
    big.set(cardPng());
    const { payload, headers } = await multipartBody({ bytes: big });
    const response = await test.app.inject({ method: 'POST', url: '/api/upload/image', payload, headers: { ...headers, ...user.headers } });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'payload_too_large', message: MESSAGE_TOO_LARGE });
    expect(await rowsOf(test, userId)).toEqual(before.rows);
    expect(blobFiles(test)).toEqual(before.blobs);
  });

  it('refuses a chat archive over 50 MB, with or without Content-Length', async () => {
    const before = { rows: await rowsOf(test, userId), blobs: blobFiles(test) };
    const { payload, headers } = await multipartBody({
      field: 'file',
      filename: 'big.zip',
      type: 'application/zip',
      bytes: new Uint8Array(51 * MiB),
    });
    for (const body of [payload, () => Readable.from([payload])]) {
      const response = await test.app.inject({
        method: 'POST',
        url: '/api/chats/import',
        payload: typeof body === 'function' ? body() : body,
        headers: { ...headers, ...user.headers },
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ error: 'payload_too_large', message: MESSAGE_IMPORT_TOO_LARGE });
    }
    expect(await rowsOf(test, userId)).toEqual(before.rows);
    expect(blobFiles(test)).toEqual(before.blobs);
  });

  it('answers a body under its limit but nested 300,000 levels deep without a 500', async () => {
    const deep = `{"chatId":"x","content":"hi","pad":${'['.repeat(300_000)}${']'.repeat(300_000)}}`;
    expect(deep.length).toBeLessThan(MiB);
    for (const url of ['/api/messages', '/api/chats/list', '/api/favorites/add']) {
      const response = await test.app.inject({
        method: 'POST',
        url,
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: deep,
      });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBeLessThan(500);
      if (response.statusCode >= 400) expect(response.json()).toEqual({ error: expect.any(String), message: expect.any(String) });
    }
  });
});
