import { createPublicKey, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../server/app';
import { issuerOf, loadConfig, type Config } from '../../../server/config';
import { loadProviderKeys } from '../../../server/idp/keys';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fakeOpenAI';
import { userOf, type Uploader } from '../cards';
import { appendMessage, getChat, listChats } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';
import { accessToken, bearer } from '../tokens';
import { buildEstate, expectErrorJson, ownerView, storedState, type Estate } from './access-fixtures';

const VICTIM_SUB = 'victim';
const VICTIM_EMAIL = 'victim@example.com';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** What a hostile request carries instead of (or beside) a valid Bearer token. */
interface Credentials {
  headers: Record<string, string>;
  query?: string;
}

interface Forge {
  test: TestApp;
  /** The provider's own signing key (private JWK with its kid). */
  signing: JWK;
  /** A valid access token for the victim, to tamper with. */
  valid: string;
  /** Claims that would identify the victim if the token around them were trusted. */
  claims(extra?: JWTPayload): JWTPayload;
}

async function signWith(key: Parameters<SignJWT['sign']>[0], header: Record<string, unknown>, claims: JWTPayload) {
  return new SignJWT(claims).setProtectedHeader(header as { alg: string }).sign(key);
}

const asBearer = (token: string): Credentials => ({ headers: bearer(token) });

/**
 * Every way of claiming to be the victim without a valid access token for our audience. Each one
 * names the victim's subject, so a server that trusted it would act as the victim.
 */
const hostile: { name: string; make(f: Forge): Promise<Credentials> }[] = [
  { name: 'alg:none, unsigned', make: async (f) => asBearer(`${b64url({ alg: 'none', typ: 'at+jwt' })}.${b64url(f.claims())}.`) },
  {
    name: "alg:none keeping a real token's signature",
    make: async (f) => {
      const [, payload, signature] = f.valid.split('.');
      return asBearer(`${b64url({ alg: 'none', typ: 'at+jwt', kid: f.signing.kid })}.${payload}.${signature}`);
    },
  },
  {
    name: 'HS256 keyed with our public key (algorithm confusion)',
    make: async (f) => {
      const { d: _private, ...publicJwk } = f.signing;
      const pem = createPublicKey({ key: publicJwk as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' });
      return asBearer(await signWith(Buffer.from(pem), { alg: 'HS256', typ: 'at+jwt', kid: f.signing.kid }, f.claims()));
    },
  },
  {
    name: 'HS256 keyed with a random secret',
    make: async (f) => asBearer(await signWith(randomBytes(32), { alg: 'HS256', typ: 'at+jwt', kid: f.signing.kid }, f.claims())),
  },
  {
    name: 'ES256 signed by another key under our kid',
    make: async (f) => {
      const { privateKey } = await generateKeyPair('ES256');
      return asBearer(await signWith(privateKey, { alg: 'ES256', typ: 'at+jwt', kid: f.signing.kid }, f.claims()));
    },
  },
  {
    name: 'ES256 signed by a key embedded in its own header (jwk)',
    make: async (f) => {
      const { privateKey, publicKey } = await generateKeyPair('ES256');
      return asBearer(await signWith(privateKey, { alg: 'ES256', typ: 'at+jwt', jwk: await exportJWK(publicKey) }, f.claims()));
    },
  },
  {
    name: "a real token's payload swapped for another subject",
    make: async (f) => {
      const [header, , signature] = f.valid.split('.');
      return asBearer(`${header}.${b64url(f.claims({ sub: 'someone-else' }))}.${signature}`);
    },
  },
  { name: 'expired', make: async (f) => asBearer(await accessToken(f.test, { sub: VICTIM_SUB, expiresIn: -60 })) },
  {
    name: 'not yet valid (nbf in the future)',
    make: async (f) => asBearer(await accessToken(f.test, { sub: VICTIM_SUB, claims: { nbf: Math.floor(Date.now() / 1000) + 3600 } })),
  },
  {
    name: 'without exp (never expiring)',
    make: async (f) => {
      const { exp: _exp, ...claims } = f.claims();
      return asBearer(await signWith(await importJWK(f.signing, 'ES256'), { alg: 'ES256', typ: 'at+jwt', kid: f.signing.kid }, claims));
    },
  },
  {
    name: 'without sub',
    make: async (f) => {
      const { sub: _sub, ...claims } = f.claims();
      return asBearer(await signWith(await importJWK(f.signing, 'ES256'), { alg: 'ES256', typ: 'at+jwt', kid: f.signing.kid }, claims));
    },
  },
  {
    name: 'without typ at+jwt, for our audience (what an ID token would look like if it named the API)',
    make: async (f) => asBearer(await signWith(await importJWK(f.signing, 'ES256'), { alg: 'ES256', kid: f.signing.kid }, f.claims())),
  },
  {
    name: 'from another issuer',
    make: async (f) => asBearer(await accessToken(f.test, { sub: VICTIM_SUB, issuer: 'https://evil.example/oidc' })),
  },
  {
    name: 'for another audience',
    make: async (f) => asBearer(await accessToken(f.test, { sub: VICTIM_SUB, audience: 'https://other.example/api' })),
  },
  {
    name: 'an ID token (typ JWT, aud = our client id)',
    make: async (f) => asBearer(await accessToken(f.test, { sub: VICTIM_SUB, typ: 'JWT', audience: f.test.config.oidc.clientId })),
  },
  { name: 'garbage', make: async () => asBearer('not-a-token') },
  { name: 'three empty-ish segments', make: async () => asBearer('a.b.c') },
  { name: 'empty Bearer', make: async () => ({ headers: { authorization: 'Bearer ' } }) },
  { name: 'Bearer without a token', make: async () => ({ headers: { authorization: 'Bearer' } }) },
  { name: 'a valid token under another scheme', make: async (f) => ({ headers: { authorization: `Token ${f.valid}` } }) },
  { name: 'a valid token in ?access_token=', make: async (f) => ({ headers: {}, query: `access_token=${f.valid}` }) },
  { name: 'a valid token in a cookie', make: async (f) => ({ headers: { cookie: `access_token=${f.valid}; token=${f.valid}` } }) },
];

/** Headers that some servers trust to name the user (SillyTavern trusted such headers from anyone). */
const identityHeaders = (victim: { uid: string }) => ({
  'x-user-id': victim.uid,
  'x-user-sub': VICTIM_SUB,
  'x-user-email': VICTIM_EMAIL,
  'x-forwarded-user': VICTIM_SUB,
  'x-forwarded-email': VICTIM_EMAIL,
  'remote-user': VICTIM_SUB,
  'x-remote-user': VICTIM_SUB,
  'x-auth-request-user': VICTIM_SUB,
  'x-auth-request-email': VICTIM_EMAIL,
});

describe.each(databases)('who the user is (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let forge: Forge;
  let estate: Estate;
  let victimUid: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, { ADMIN_EMAILS: VICTIM_EMAIL, LLM_BASE_URL: fake.baseUrl, IMAGE_BASE_URL: fake.baseUrl });
    const victim = await userOf(test, VICTIM_SUB, VICTIM_EMAIL);
    estate = await buildEstate(test, victim);
    victimUid = (await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: victim.headers })).json().uid;
    const signing = (await loadProviderKeys(test.db.kysely, test.dataDir)).signing.keys[0]!;
    const now = Math.floor(Date.now() / 1000);
    forge = {
      test,
      signing,
      valid: victim.token,
      claims: (extra = {}) => ({
        iss: issuerOf(test.config),
        aud: test.config.oidc.audience,
        sub: VICTIM_SUB,
        email: VICTIM_EMAIL,
        iat: now,
        exp: now + 600,
        ...extra,
      }),
    };
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  /**
   * The credentials on a read and on two writes aimed at the victim's chat: each 401 JSON, nothing
   * stored (not even a user row), and the victim's estate as it was.
   */
  async function expectRefused(credentials: Credentials) {
    const before = await ownerView(test, estate);
    const stored = await storedState(test);
    const query = credentials.query ? `?${credentials.query}` : '';
    const send = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      test.app.inject({ method, url: `${url}${query}`, headers: credentials.headers, ...(payload ? { payload } : {}) });
    expectErrorJson(await send('GET', '/api/users/profile'), 401);
    expectErrorJson(await send('GET', '/api/collections'), 401);
    expectErrorJson(await send('POST', '/api/messages', { chatId: estate.chatId, content: 'Written by an impostor' }), 401);
    expectErrorJson(await send('POST', '/api/chats/delete', { chat_id: estate.chatId }), 401);
    expect(await storedState(test)).toEqual(stored);
    expect(await ownerView(test, estate)).toEqual(before);
  }

  it("accepts the victim's own valid token (the control every refusal below is measured against)", async () => {
    const profile = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(forge.valid) });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ sub: VICTIM_SUB, uid: victimUid, is_admin: true });
  });

  describe('tokens that are not a valid access token for our audience → 401, nothing written', () => {
    for (const row of hostile) {
      it(row.name, async () => expectRefused(await row.make(forge)));
    }
  });

  describe('X-User-* and proxy identity headers never identify anyone', () => {
    it('without a token, each header naming the victim → 401, nothing written', async () => {
      for (const [name, value] of Object.entries(identityHeaders({ uid: victimUid }))) {
        await expectRefused({ headers: { [name]: value } });
      }
      await expectRefused({ headers: identityHeaders({ uid: victimUid }) });
    });

    it("with another user's token, X-User-ID / X-User-Email naming the victim → 400, and the server never acts as the victim", async () => {
      const intruder = await userOf(test, 'intruder');
      // Seen once first: the intruder's own user row is not what this test is about.
      expect((await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: intruder.headers })).statusCode).toBe(200);
      const before = await ownerView(test, estate);
      const stored = await storedState(test);
      for (const claim of [{ 'x-user-id': victimUid }, { 'x-user-id': VICTIM_SUB }, { 'x-user-email': VICTIM_EMAIL }]) {
        const headers = { ...intruder.headers, ...claim };
        const attempts = [
          test.app.inject({ method: 'GET', url: '/api/collections', headers }),
          test.app.inject({ method: 'POST', url: '/api/chats/get', headers, payload: { chat_id: estate.chatId } }),
          test.app.inject({ method: 'POST', url: '/api/messages', headers, payload: { chatId: estate.chatId, content: 'Impostor' } }),
          test.app.inject({ method: 'DELETE', url: `/api/upload/images/user/${estate.privateId}`, headers }),
          test.app.inject({ method: 'DELETE', url: `/api/upload/images/public/${estate.publicId}`, headers }),
        ];
        for (const response of await Promise.all(attempts)) {
          expect(expectErrorJson(response, 400)).toEqual({ error: 'invalid_user', message: 'Invalid user information' });
        }
      }
      expect(await storedState(test)).toEqual(stored);
      expect(await ownerView(test, estate)).toEqual(before);
    });

    it("with another user's token, proxy headers naming the victim change nothing: the token's user is who acts", async () => {
      const intruder = await userOf(test, 'proxy-intruder');
      const { 'x-user-id': _id, 'x-user-email': _email, ...proxyHeaders } = identityHeaders({ uid: victimUid });
      const headers = { ...intruder.headers, ...proxyHeaders };
      const before = await ownerView(test, estate);
      const profile = (await test.app.inject({ method: 'GET', url: '/api/users/profile', headers })).json();
      expect(profile).toMatchObject({ sub: 'proxy-intruder', is_admin: false });
      expect(profile.uid).not.toBe(victimUid);
      expect((await test.app.inject({ method: 'GET', url: '/api/collections', headers })).json()).toMatchObject({ total: 0 });
      expect((await listChats(test, { token: '', headers }, {})).json()).toMatchObject({ total: 0 });
      expectErrorJson(await getChat(test, { token: '', headers }, { chat_id: estate.chatId }), 404);
      expectErrorJson(await test.app.inject({ method: 'DELETE', url: `/api/upload/images/public/${estate.publicId}`, headers }), 403);
      expect(await ownerView(test, estate)).toEqual(before);
    });
  });

  describe('users are keyed by issuer and subject, never by e-mail', () => {
    /** A user who must see and touch nothing of the victim's. */
    async function expectStranger(app: FastifyInstance, user: Uploader) {
      const inject = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
        app.inject({ method, url, headers: user.headers, ...(payload ? { payload } : {}) });
      const before = await ownerView(test, estate);
      const profile = (await inject('GET', '/api/users/profile')).json();
      expect(profile.uid).not.toBe(victimUid);
      expect((await inject('GET', '/api/collections')).json()).toMatchObject({ total: 0, data: [] });
      expect((await inject('GET', '/api/favorites/list')).json()).toMatchObject({ total: 0, data: [] });
      expect((await inject('POST', '/api/chats/list', {})).json()).toMatchObject({ total: 0, data: [] });
      expectErrorJson(await inject('GET', `/api/upload/image/user/${estate.privateId}`), 404);
      expectErrorJson(await inject('POST', '/api/chats/get', { chat_id: estate.chatId }), 404);
      expectErrorJson(await inject('POST', '/api/messages', { chatId: estate.chatId, content: 'Hello twin' }), 404);
      expectErrorJson(await inject('DELETE', `/api/upload/images/user/${estate.privateId}`), 404);
      expect(await ownerView(test, estate)).toEqual(before);
      return profile as { uid: string; is_admin: boolean };
    }

    it("gives a token with the victim's e-mail but another subject none of the victim's cards or chats", async () => {
      const twin = await userOf(test, 'victim-twin', VICTIM_EMAIL);
      await expectStranger(test.app, twin);
      // The victim's own data is still theirs and reachable by them.
      expect((await appendMessage(test, estate.owner, { chatId: estate.chatId, content: 'Still mine' })).statusCode).toBe(201);
    });

    describe('the same subject from a second issuer', () => {
      let second: FastifyInstance;
      let secondConfig: Config;

      beforeAll(async () => {
        // The same database and signing keys, published under another issuer: only (issuer, subject) differs.
        secondConfig = loadConfig({
          PUBLIC_URL: 'http://second.localhost:8787',
          DATA_DIR: test.dataDir,
          DIST_DIR: test.config.distDir,
          LOG_LEVEL: 'silent',
        });
        second = await buildApp({ config: secondConfig, db: test.db, closeDb: false });
        await second.ready();
      });
      afterAll(() => second.close());

      it('is a different user', async () => {
        const token = await accessToken(test, {
          sub: VICTIM_SUB,
          email: 'victim-elsewhere@example.com',
          issuer: issuerOf(secondConfig),
          audience: secondConfig.oidc.audience,
        });
        const stranger = await expectStranger(second, { token, headers: bearer(token) });
        expect(stranger.is_admin).toBe(false);
        // And each deployment refuses the other's tokens.
        expectErrorJson(await second.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(forge.valid) }), 401);
        expectErrorJson(await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) }), 401);
      });
    });
  });
});
