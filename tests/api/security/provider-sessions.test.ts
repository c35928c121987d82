/**
 * What an outside attacker gets from the embedded provider. A
 * session ended any way takes its refresh tokens with it; only the app's own Log out signs a browser
 * out without asking; the provider's URLs come from PUBLIC_URL whatever the request's headers say;
 * the Vite dev origin is a redirect target in development only.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databases, type TestApp } from '../helpers';
import {
  account,
  authorizeUrl,
  CLIENT_ID,
  injectInto,
  OidcBrowser,
  ORIGIN,
  pkce,
  REDIRECT_URI,
  requestToken,
  startSignIn,
} from '../oidc-browser';

interface Tokens {
  access_token: string;
  refresh_token: string;
  id_token: string;
}

/** The sign-out page's form: where it posts and its CSRF token. */
function logoutForm(page: LightMyRequestResponse): { action: string; xsrf: string } {
  const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(page.body)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
  expect(action, page.body).toBeDefined();
  expect(xsrf, page.body).toBeDefined();
  return { action: action!, xsrf: xsrf! };
}

const AUTO_SUBMIT = '<script src="/oidc-assets/logout.js" defer></script>';

describe.each(databases)('provider sessions against an outside attacker (%s)', (dialect) => {
  let test: TestApp;
  const token = (form: Record<string, string>) => requestToken(injectInto(test.app), form);
  const refresh = (refreshToken: string) => token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: CLIENT_ID });

  /**
   * A browser signed in to the provider as a new account, and the PWA's tokens for it. `extra` adds
   * authorization parameters: `prompt=consent` is how a client gets `offline_access` granted, which
   * oidc-provider's default exempts from the session's end.
   */
  async function signedIn(tag: string, extra: Record<string, string> = {}): Promise<{ browser: OidcBrowser; tokens: Tokens }> {
    const browser = new OidcBrowser(test.app);
    const { verifier, challenge } = pkce();
    const started = await browser.request('GET', authorizeUrl(challenge, extra));
    let answer = await browser.request('POST', `${String(started.headers.location)}/signup`, account(tag));
    // Through the provider's redirects (and, with prompt=consent, its consent step) back to the app.
    for (let hops = 0; !String(answer.headers.location).startsWith(REDIRECT_URI); hops += 1) {
      expect(answer.statusCode, answer.body).toBe(303);
      expect(hops).toBeLessThan(5);
      answer = await browser.request('GET', String(answer.headers.location));
    }
    const code = new URL(String(answer.headers.location)).searchParams.get('code')!;
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    return { browser, tokens: issued.json() as Tokens };
  }

  beforeAll(async () => {
    test = await createTestApp(dialect);
  });
  afterAll(() => test.close());

  it.each([
    ['as the PWA asks, naming the API', { resource: `${ORIGIN}/api` }],
    ['with offline_access granted through prompt=consent', { prompt: 'consent' }],
  ])(
    "revokes the session's refresh tokens, the rotated one too, when it ends on the provider's own logout page without an id_token_hint (%s)",
    async (_label, extra) => {
      const { browser, tokens } = await signedIn(`logout-page-${'prompt' in extra ? 'consent' : 'pwa'}`, extra);
      const rotated = await refresh(tokens.refresh_token);
      expect(rotated.statusCode).toBe(200);
      const newest = (rotated.json() as Tokens).refresh_token;

      const page = await browser.request('GET', '/oidc/session/end');
      expect(page.statusCode).toBe(200);
      const { action, xsrf } = logoutForm(page);
      const done = await browser.request('POST', action, { xsrf, logout: 'yes' });
      expect(done.statusCode).toBe(303);

      // The newest first: presenting a rotated-out token revokes the whole grant anyway (theft detection).
      for (const old of [newest, tokens.refresh_token]) {
        const after = await refresh(old);
        expect(after.statusCode).toBe(400);
        expect(after.json().error).toBe('invalid_grant');
      }
    },
  );

  it('stops the refresh tokens of a session that another account replaced in the same browser', async () => {
    const { browser, tokens } = await signedIn('replaced-owner', { prompt: 'consent' });
    const started = await browser.request('GET', authorizeUrl(pkce().challenge, { prompt: 'login' }));
    const created = await browser.request('POST', `${String(started.headers.location)}/signup`, account('replaced-newcomer'));
    expect(created.statusCode).toBe(303);
    // Another account signing in ends the first one's session: the provider's page posts its
    // sign-out form by itself (a script the CSP allows by hash), as a browser would run it.
    const autoPost = await browser.request('GET', String(created.headers.location));
    const action = /<form method="post" action="([^"]+)"/.exec(autoPost.body)?.[1];
    expect(action, autoPost.body).toBeDefined();
    const fields = Object.fromEntries(
      [...autoPost.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]),
    );
    expect(fields.logout).toBe('yes');
    const ended = await browser.request('POST', action!, fields);
    expect(ended.statusCode).toBe(303);

    const after = await refresh(tokens.refresh_token);
    expect(after.json().error).toBe('invalid_grant');
  });

  it('asks before signing out a browser that another site sent to /oidc/session/end, and signs it out without asking only for its own id_token_hint', async () => {
    const { browser, tokens } = await signedIn('forced-logout');
    const { tokens: strangers } = await signedIn('forced-logout-attacker');
    const end = (params: Record<string, string>) => browser.request('GET', `/oidc/session/end?${new URLSearchParams(params)}`);
    const home = { post_logout_redirect_uri: `${ORIGIN}/` };

    for (const [label, params] of [
      ['a bare navigation', {}],
      ['client_id only', { client_id: CLIENT_ID, ...home }],
      ["another account's ID token", { id_token_hint: strangers.id_token, ...home }],
    ] as const) {
      const page = await end(params);
      expect(page.statusCode, label).toBe(200);
      expect(page.body, label).not.toContain(AUTO_SUBMIT);
      expect(page.body, label).toContain('Sign out of cardchat?');
      expect(page.body, label).toContain('>Stay signed in</a>');
      expect(page.body, label).toContain('>Sign out</button>');
    }
    // Nothing was submitted: the session and its refresh token still work.
    const silent = await browser.request('GET', authorizeUrl(pkce().challenge));
    expect(String(silent.headers.location)).toMatch(/^http:\/\/localhost:8787\/callback\?code=/);
    const stillValid = await refresh(tokens.refresh_token);
    expect(stillValid.statusCode).toBe(200);

    const own = await end({ id_token_hint: (stillValid.json() as Tokens).id_token, ...home });
    expect(own.body).toContain(AUTO_SUBMIT);
    expect(own.body).toContain('Signing you out');
  });

  it('builds discovery from PUBLIC_URL only, whatever X-Forwarded-Host, X-Forwarded-Proto or Host say', async () => {
    const trusting = await createTestApp(dialect, { TRUST_PROXY: '127.0.0.1' });
    try {
      for (const app of [test.app, trusting.app]) {
        for (const headers of [
          { host: 'localhost:8787', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
          { host: 'evil.example' },
          { host: 'evil.example:8787', 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example;proto=https' },
        ]) {
          const response = await app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration', headers });
          expect(response.statusCode).toBe(200);
          const endpoints = Object.entries(response.json() as Record<string, unknown>).filter(
            ([, value]) => typeof value === 'string' && /^https?:/.test(value),
          );
          expect(endpoints.length).toBeGreaterThan(4);
          for (const [name, value] of endpoints)
            expect(String(value), `${name} with ${JSON.stringify(headers)}`).toMatch(/^http:\/\/localhost:8787\/oidc\b/);
        }
        // The sign-in page's form and the redirect back to the app follow PUBLIC_URL too.
        const browser = new OidcBrowser(app);
        const started = await browser.request('GET', authorizeUrl(pkce().challenge), undefined, { 'x-forwarded-host': 'evil.example' });
        expect(String(started.headers.location)).not.toContain('evil.example');
      }
    } finally {
      await trusting.close();
    }
  });

  it('accepts the Vite dev origin as a redirect_uri only when the server runs in development', async () => {
    const devRedirect = { redirect_uri: 'http://localhost:5173/callback' };
    const refused = await new OidcBrowser(test.app).request('GET', authorizeUrl(pkce().challenge, devRedirect));
    expect(refused.statusCode).toBe(400);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('redirect_uri');

    const development = await createTestApp(dialect, { NODE_ENV: 'development' });
    try {
      const browser = new OidcBrowser(development.app);
      const accepted = await browser.request('GET', authorizeUrl(pkce().challenge, devRedirect));
      expect(accepted.statusCode).toBe(303);
      expect(String(accepted.headers.location)).toMatch(/^\/oidc\/interaction\//);
      expect(await startSignIn(browser, pkce().challenge)).toMatch(/^\/oidc\/interaction\//);
    } finally {
      await development.close();
    }
  });
});
