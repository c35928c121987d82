/**
 * Limits: per-user rate limits on AI replies and uploads, per-address and per-account limits on
 * sign-in, each answered 429 `rate_limited` with Retry-After; and X-Forwarded-For believed only
 * from a configured proxy, so a client cannot pick a fresh address per guess.
 */
import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { multipartBody, upload, userOf, type Uploader } from '../cards';
import { complete, exportAccount, exportChat, ownCard } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';
import { testCardPng } from '../../support/cards';
import { account, CLIENT_ID, followToCode, httpTo, OidcBrowser, pkce, REDIRECT_URI, requestToken, startSignIn } from '../oidc-browser';
import { expectErrorJson } from './access-fixtures';
import { blobFiles, rowsOf, userIdOf } from './nothing-written';

const LIMITS = {
  RATE_LIMIT_CHAT_EXPORTS_PER_MINUTE: '2',
  RATE_LIMIT_COMPLETIONS_PER_MINUTE: '3',
  RATE_LIMIT_UPLOADS_PER_MINUTE: '2',
  RATE_LIMIT_SIGN_IN_PER_MINUTE: '3',
  LLM_DEMO_WORD_DELAY_MS: '0',
};

/** A 429 in the one error shape, with the action's own sentence and a Retry-After it agrees with. */
function expectLimited(response: LightMyRequestResponse, what: string): void {
  const body = expectErrorJson(response, 429);
  expect(body.error).toBe('rate_limited');
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`).toBe(true);
  const unit = retryAfter === 1 ? 'second' : 'seconds';
  expect(body.message).toBe(`Too many ${what}. Please wait ${retryAfter} ${unit} and try again.`);
}

const form = (fields: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(fields).toString(),
});

const signInPost = (test: TestApp, uid: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  test.app.inject({ method: 'POST', url: `/oidc/interaction/${uid}`, ...form(fields), headers: { ...form(fields).headers, ...headers } });

/**
 * A live sign-in interaction: its uid and the cookies that bind it to this "browser" (the provider
 * refuses a post without them before any password is looked at).
 */
async function openInteraction(test: TestApp): Promise<{ uid: string; cookie: string }> {
  const params = new URLSearchParams({
    client_id: 'cardchat-web',
    response_type: 'code',
    scope: 'openid',
    redirect_uri: 'http://localhost:8787/callback',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
  });
  const started = await test.app.inject({ method: 'GET', url: `/oidc/auth?${params}`, headers: { host: 'localhost:8787' } });
  expect(started.statusCode).toBe(303);
  const uid = /\/interaction\/([\w-]+)$/.exec(String(started.headers.location))![1]!;
  const cookie = [started.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => line.split(';')[0])
    .join('; ');
  return { uid, cookie };
}

describe.each(databases)('rate limits (%s)', (dialect) => {
  let test: TestApp;

  beforeAll(async () => {
    test = await createTestApp(dialect, LIMITS);
  });
  afterAll(async () => {
    await test.close();
  });

  it('answers a user over the message limit 429 with Retry-After, stores nothing of it, and leaves other users alone', async () => {
    const alice = await userOf(test, 'limited-alice');
    const chatId = randomUUID();
    const card = await ownCard(test, alice, testCardPng());
    for (let i = 1; i <= 3; i += 1) {
      const sent = await complete(test, alice, { chatId, characterId: i === 1 ? card : undefined, text: `Message ${i}` });
      expect(sent.statusCode, sent.body).toBe(200);
    }
    const aliceId = await userIdOf(test, alice);
    const before = await rowsOf(test, aliceId);

    for (const stream of [false, true]) {
      const refused = await complete(test, alice, { chatId, text: 'One too many', stream });
      expectLimited(refused, 'messages');
    }
    expect(await rowsOf(test, aliceId)).toEqual(before);
    const stored = await test.db.kysely.selectFrom('messages').select('content').where('chat_id', '=', chatId).execute();
    expect(stored.map((row) => row.content)).not.toContain('One too many');

    const bob = await userOf(test, 'limited-bob');
    const bobsChat = await complete(test, bob, { chatId: randomUUID(), characterId: await ownCard(test, bob, testCardPng()), text: 'Hi' });
    expect(bobsChat.statusCode, bobsChat.body).toBe(200);
  });

  it('counts card uploads, chat imports, replacements and photos together per user, and writes nothing past the limit', async () => {
    const carol = await userOf(test, 'limited-carol');
    const first = await ownCard(test, carol, testCardPng());
    await ownCard(test, carol, testCardPng());
    const carolId = await userIdOf(test, carol);
    const rowsBefore = await rowsOf(test, carolId);
    const blobsBefore = blobFiles(test);

    expectLimited(await upload(test, carol, testCardPng()), 'uploads');
    const archive = await multipartBody({
      field: 'file',
      filename: 'x.zip',
      type: 'application/zip',
      bytes: new Uint8Array([0x50, 0x4b, 0x05, 0x06]),
    });
    const imported = await test.app.inject({
      method: 'POST',
      url: '/api/chats/import',
      payload: archive.payload,
      headers: { ...archive.headers, ...carol.headers },
    });
    expectLimited(imported, 'uploads');
    const png = `data:image/png;base64,${Buffer.from(testCardPng()).toString('base64')}`;
    const replaced = await test.app.inject({
      method: 'POST',
      url: '/api/character-replacement/replace',
      headers: carol.headers,
      payload: { original_file_id: first, new_image: png },
    });
    expectLimited(replaced, 'uploads');
    const photo = await test.app.inject({
      method: 'POST',
      url: '/api/chats/photo',
      headers: carol.headers,
      payload: { chat_id: randomUUID() },
    });
    expectLimited(photo, 'uploads');
    expect(await rowsOf(test, carolId)).toEqual(rowsBefore);
    expect(blobFiles(test)).toEqual(blobsBefore);

    const dave = await userOf(test, 'limited-dave');
    expect((await upload(test, dave, testCardPng())).statusCode).toBe(200);
  });

  it('counts only authenticated requests: without a valid token every attempt is 401, never 429', async () => {
    const { payload, headers } = await multipartBody({ bytes: testCardPng() });
    for (let i = 0; i < 5; i += 1) {
      const anonymous = await test.app.inject({ method: 'POST', url: '/api/upload/image', payload, headers });
      expect(expectErrorJson(anonymous, 401).error).toBe('unauthorized');
      const forged: Uploader = { token: 'x', headers: { authorization: 'Bearer not.a.token' } };
      expect((await complete(test, forged, { chatId: randomUUID(), text: 'Hi' })).statusCode).toBe(401);
    }
  });

  it('ignores X-Forwarded-For when no proxy is trusted: 25 sign-in posts from 25 claimed addresses still reach 429', async () => {
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 1; i <= 25; i += 1) {
      last = await signInPost(
        test,
        'unknown',
        { email: `spoof${i}@example.com`, password: 'guess' },
        { 'x-forwarded-for': `203.0.113.${i}` },
      );
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 3)).toEqual([400, 400, 400]);
    expect(statuses.slice(3).every((status) => status === 429)).toBe(true);
    expectLimited(last!, 'sign-in attempts');
  });

  it('limits data exports to 3 an hour and chat exports per minute, per user', async () => {
    const erin = await userOf(test, 'limited-erin');
    for (let i = 0; i < 3; i += 1) expect((await exportAccount(test, erin)).statusCode).toBe(200);
    const fourth = await test.app.inject({ method: 'POST', url: '/api/users/me/export', headers: erin.headers });
    const body = expectErrorJson(fourth, 429);
    const retryAfter = Number(fourth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(body).toEqual({
      error: 'rate_limited',
      message: `Too many data exports. Please wait ${Math.ceil(retryAfter / 60)} minutes and try again.`,
    });
    expect(
      await test.db.kysely
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'account_export')
        .where('user_id', '=', await userIdOf(test, erin))
        .execute(),
    ).toHaveLength(3);

    const chatId = randomUUID();
    expect((await complete(test, erin, { chatId, characterId: await ownCard(test, erin, testCardPng()), text: 'Hi' })).statusCode).toBe(
      200,
    );
    for (let i = 0; i < 2; i += 1) expect((await exportChat(test, erin, chatId)).statusCode).toBe(200);
    expectLimited(await exportChat(test, erin, chatId), 'chat exports');
  });
});

describe.each(databases)('rate limits behind a trusted proxy (%s)', (dialect) => {
  let test: TestApp;

  beforeAll(async () => {
    // app.inject connects from 127.0.0.1: here that is the proxy.
    test = await createTestApp(dialect, { ...LIMITS, TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await test.close();
  });

  it("counts sign-in posts by the proxy's X-Forwarded-For address", async () => {
    for (let i = 1; i <= 25; i += 1) {
      const response = await signInPost(
        test,
        'unknown',
        { email: 'a@example.com', password: 'x' },
        { 'x-forwarded-for': `198.51.100.${i}` },
      );
      expect(response.statusCode).toBe(400);
    }
    const one = { 'x-forwarded-for': '198.51.100.200' };
    for (let i = 0; i < 3; i += 1)
      expect((await signInPost(test, 'unknown', { email: 'a@example.com', password: 'x' }, one)).statusCode).toBe(400);
    expectLimited(await signInPost(test, 'unknown', { email: 'a@example.com', password: 'x' }, one), 'sign-in attempts');
  });

  it('limits guesses at one account from one address, whatever the case of the e-mail, and leaves other addresses alone', async () => {
    const { uid, cookie } = await openInteraction(test);
    const guess = (email: string, i: number, from = '192.0.2.1') =>
      signInPost(test, uid, { email, password: `guess ${i}` }, { cookie, 'x-forwarded-for': from });
    for (const [i, email] of ['victim@example.com', 'Victim@Example.com', ' VICTIM@example.com'].entries()) {
      const refused = await guess(email, i + 1);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Wrong e-mail or password.');
    }
    expectLimited(await guess('victim@example.com', 10), 'sign-in attempts');
    // Another address may still try the account: nobody can lock its owner out.
    expect((await guess('victim@example.com', 11, '192.0.2.2')).statusCode).toBe(400);
  });

  it('limits sign-up posts per address', async () => {
    const from = { 'x-forwarded-for': '198.51.100.77' };
    const signUp = () =>
      test.app.inject({
        method: 'POST',
        url: '/oidc/interaction/unknown/signup',
        ...form({ name: 'N', email: 'n@example.com', password: 'x' }),
        headers: { ...form({}).headers, ...from },
      });
    for (let i = 0; i < 3; i += 1) expect((await signUp()).statusCode).toBe(400);
    expectLimited(await signUp(), 'sign-up attempts');
  });
});

describe.each(databases)('nobody can lock a person out (%s)', (dialect) => {
  let test: TestApp;
  let baseURL: string;

  beforeAll(async () => {
    test = await createTestApp(dialect, LIMITS);
    baseURL = await test.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await test.close();
  });

  /** A browser on its own loopback address, speaking to the server over real sockets. */
  const browserAt = (address: string) => new OidcBrowser(httpTo(baseURL, address));

  it('lets the owner sign in from 127.0.0.2 while wrong guesses at the account have 127.0.0.1 limited', async () => {
    const owner = account('lockout-owner');
    const registered = browserAt('127.0.0.3');
    expect((await registered.request('POST', `${await startSignIn(registered, pkce().challenge)}/signup`, owner)).statusCode).toBe(303);

    const attacker = browserAt('127.0.0.1');
    const interaction = await startSignIn(attacker, pkce().challenge);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await attacker.request('POST', interaction, { email: owner.email, password: `wrong guess ${i}` })).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429, 429]);

    const ownersPhone = browserAt('127.0.0.2');
    const { verifier, challenge } = pkce();
    const signedIn = await ownersPhone.request('POST', await startSignIn(ownersPhone, challenge), {
      email: owner.email,
      password: owner.password,
    });
    const code = await followToCode(ownersPhone, signedIn);
    const tokens = await requestToken(httpTo(baseURL, '127.0.0.2'), {
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    });
    expect(tokens.statusCode).toBe(200);
    // The limited address stays limited, for the owner's password too.
    expect((await attacker.request('POST', interaction, { email: owner.email, password: owner.password })).statusCode).toBe(429);
  });
});

describe('rate-limit and proxy settings', () => {
  const base = { DATA_DIR: '/tmp/unused' };

  it('trusts no proxy by default and takes addresses, CIDR ranges and named ranges', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.2,loopback, ::1, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.2',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['true', '1', '2', 'proxy.example.com', '10.0.0.0/33', ','])(
    'refuses TRUST_PROXY=%j, which would believe anyone or nothing useful',
    (value) => {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value })).toThrow(ConfigError);
    },
  );

  it('has generous defaults and no silent "off"', () => {
    expect(loadConfig(base).rateLimits).toEqual({
      completionsPerMinute: 30,
      uploadsPerMinute: 20,
      signInPerMinute: 20,
      chatExportsPerMinute: 20,
      accountExportsPerHour: 3,
    });
    for (const value of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ ...base, RATE_LIMIT_COMPLETIONS_PER_MINUTE: value })).toThrow(ConfigError);
    }
  });
});
