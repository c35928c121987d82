import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../scripts/lib/server-process';
import { deletionFinished } from './chat-helpers';
import { createTestApp, databases, type TestApp } from './helpers';
import { bearer } from './tokens';

/** A minimal hosted identity provider: discovery and JWKS, as Auth0 or Keycloak would publish them. */
async function startIssuer(port = 0) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'hosted-1', alg: 'RS256', use: 'sig' };
  const server = http.createServer((request, response) => {
    const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const bodies: Record<string, unknown> = {
      '/.well-known/openid-configuration': { issuer, jwks_uri: `${issuer}/jwks` },
      '/jwks': { keys: [jwk] },
    };
    const body = bodies[request.url ?? ''];
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { issuer, privateKey, close: () => new Promise((resolve) => server.close(resolve)) };
}

function sign(key: CryptoKey, issuer: string, audience: string, sub: string, claims: Record<string, unknown> = {}) {
  return new SignJWT({ email: `${sub}@hosted.example`, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'hosted-1', typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(audience)
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

describe.each(databases)('with an external OpenID issuer (%s)', (dialect) => {
  const audience = 'https://api.cardchat.example';
  let issuer: Awaited<ReturnType<typeof startIssuer>>;
  let test: TestApp;
  beforeAll(async () => {
    issuer = await startIssuer();
    test = await createTestApp(dialect, {
      OIDC_ISSUER: issuer.issuer,
      OIDC_AUDIENCE: audience,
      OIDC_CLIENT_ID: 'spa-client',
      ADMIN_EMAILS: 'boss@hosted.example',
    });
  });
  afterAll(async () => {
    await test.close();
    await issuer.close();
  });

  it('deletes only cardchat’s data of its user, says the sign-in account is managed there, and refuses that token afterwards', async () => {
    const token = await sign(issuer.privateKey, issuer.issuer, audience, 'leaving-user');
    expect((await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).statusCode).toBe(200);
    const password = await test.app.inject({
      method: 'POST',
      url: '/api/users/me/password',
      headers: bearer(token),
      payload: { current_password: 'a', new_password: 'b' },
    });
    expect(password.statusCode).toBe(409);
    expect(password.json().message).toBe(`You sign in through ${new URL(issuer.issuer).host}: change your password there.`);
    const { id } = await test.db.kysely.selectFrom('users').select('id').where('subject', '=', 'leaving-user').executeTakeFirstOrThrow();

    const deleted = await test.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(token),
      payload: { confirmation: 'leaving-user@hosted.example' },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ success: true, sign_in_account: 'external' });
    expect(deleted.json().message).toContain(`You signed in through ${new URL(issuer.issuer).host}`);
    expect((await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).statusCode).toBe(401);
    await deletionFinished(test, id);
    // A token the provider issues later (its `iat`, in whole seconds, past the deletion) is a new
    // start: an empty account, as for anyone signing up. The later second is the test's clock's.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_100 });
    try {
      const later = await sign(issuer.privateKey, issuer.issuer, audience, 'leaving-user');
      const fresh = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(later) });
      expect(fresh.statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const config = await test.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json().auth).toMatchObject({ provider: 'external', password_reset: 'external' });
  });

  it("accepts that issuer's access tokens for our audience", async () => {
    const token = await sign(issuer.privateKey, issuer.issuer, audience, 'hosted-user');
    const response = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ sub: 'hosted-user', email: 'hosted-user@hosted.example', plan: 'normal' });
  });

  it('refuses its tokens for another audience, and tokens signed by anyone else', async () => {
    const otherAudience = await sign(issuer.privateKey, issuer.issuer, 'https://other.example', 'hosted-user');
    const { privateKey: stranger } = await generateKeyPair('RS256');
    const forged = await sign(stranger, issuer.issuer, audience, 'hosted-user');
    for (const token of [otherAudience, forged]) {
      const response = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
      expect(response.statusCode).toBe(401);
    }
  });

  it('makes an administrator of an ADMIN_EMAILS address only when the issuer says it is verified', async () => {
    const isAdmin = async (sub: string, claims: Record<string, unknown>) => {
      const token = await sign(issuer.privateKey, issuer.issuer, audience, sub, { email: 'boss@hosted.example', ...claims });
      return (await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) })).json().is_admin;
    };
    expect(await isAdmin('typed-the-address', {})).toBe(false);
    expect(await isAdmin('typed-the-address', { email_verified: false })).toBe(false);
    expect(await isAdmin('typed-the-address', { email_verified: 'true' })).toBe(false);
    expect(await isAdmin('owns-the-address', { email_verified: true })).toBe(true);
  });

  it('turns the embedded provider off and tells the PWA where to sign in', async () => {
    const discovery = await test.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(discovery.statusCode).toBe(404);
    expect((await test.app.inject({ method: 'GET', url: '/api/health' })).json().auth).toBe('external');
    const config = (await test.app.inject({ method: 'GET', url: '/api/config' })).json();
    expect(config.auth).toMatchObject({ issuer: issuer.issuer, client_id: 'spa-client', audience });
  });
});

describe('with an external OpenID issuer that cannot be reached', () => {
  const audience = 'https://api.cardchat.example';
  let port: number;
  let test: TestApp;
  beforeAll(async () => {
    port = await freePort();
    test = await createTestApp('sqlite', { OIDC_ISSUER: `http://127.0.0.1:${port}`, OIDC_AUDIENCE: audience });
  });
  afterAll(() => test.close());

  it('answers 503 saying sign-in is unreachable (not 401, which would sign the user out), then recovers', async () => {
    const { privateKey } = await generateKeyPair('RS256');
    const early = await sign(privateKey, `http://127.0.0.1:${port}`, audience, 'hosted-user');
    const down = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(early) });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toEqual({
      error: 'sign_in_unavailable',
      message: 'The sign-in service cannot be reached right now. Please try again in a moment.',
    });

    const issuer = await startIssuer(port);
    try {
      const token = await sign(issuer.privateKey, issuer.issuer, audience, 'hosted-user');
      const up = await test.app.inject({ method: 'GET', url: '/api/users/profile', headers: bearer(token) });
      expect(up.statusCode).toBe(200);
    } finally {
      await issuer.close();
    }
  });
});
