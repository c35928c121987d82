import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardPng, upload, userOf } from '../cards';
import { createTestApp, databases, type TestApp } from '../helpers';
import { OidcBrowser, ORIGIN, REDIRECT_URI } from '../oidc-browser';

/**
 * CVE-2026-44651 (SillyTavern put a request's URL into an HTML page unescaped): no answer of ours
 * carries a request's markup back as markup, every page forbids inline script, and no redirect
 * leaves our origin however the request names the way back.
 */

const PAYLOAD = '<script>alert(1)</script>';
const EVIL_TARGETS = ['https://evil.example/', '//evil.example', 'javascript:alert(1)', '/\\evil.example', `${ORIGIN}.evil.example/`];

type Response = LightMyRequestResponse;

/** The directives of a Content-Security-Policy header, by name. */
function cspDirectives(header: unknown): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** What every answer must hold, whoever produced it (our routes, the provider, the static files). */
function expectInert(response: Response, label: string): void {
  expect(response.statusCode, label).toBeLessThan(500);
  expect(response.body, label).not.toContain(PAYLOAD);
  expect(response.headers['x-content-type-options'], label).toBe('nosniff');
  const type = String(response.headers['content-type'] ?? '');
  if (type.includes('html')) {
    const scripts = cspDirectives(response.headers['content-security-policy']).get('script-src');
    expect(scripts, `${label}: script-src`).toBeDefined();
    expect(scripts, label).toContain("'self'");
    // A hash for one known script (the provider's form_post page adds one) is fine; a blanket allow is not.
    expect(scripts, label).not.toContain("'unsafe-inline'");
    expect(scripts, label).not.toContain("'unsafe-eval'");
    expect(
      scripts!.filter((source) => source !== "'self'" && !source.startsWith("'sha256-")),
      label,
    ).toEqual([]);
    // An inline script runs only when the policy names its hash: the provider's own auto-submit
    // (form_post) does that for its fixed script; anything else inline would be blocked, so none may be there.
    for (const match of response.body.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
      expect(scripts, `${label}: inline script ${match[1]}`).toContain(
        `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
      );
    }
    // Tags a payload would have made.
    expect(response.body, label).not.toMatch(/<(img|svg)[^>]+on(error|load)|href=["']?javascript:/i);
  }
  const location = response.headers.location;
  if (location !== undefined) {
    const target = new URL(String(location), ORIGIN);
    expect(target.origin, `${label}: Location ${location}`).toBe(ORIGIN);
  }
}

function authorizeUrl(extra: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    client_id: 'cardchat-web',
    response_type: 'code',
    scope: 'openid profile email',
    redirect_uri: REDIRECT_URI,
    state: 'state-1',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    ...extra,
  });
  return `/oidc/auth?${params}`;
}

describe.each(databases)('no request is reflected into HTML, no redirect leaves the origin (%s)', (dialect) => {
  let test: TestApp;
  let distDir: string;
  const get = (url: string) => test.app.inject({ method: 'GET', url, headers: { host: 'localhost:8787' } });

  beforeAll(async () => {
    // A stand-in for the built PWA, so unknown paths are answered with the app shell as in production.
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-dist-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>cardchat</title><div id="root"></div>');
    test = await createTestApp(dialect, { DIST_DIR: distDir });
  });
  afterAll(async () => {
    await test.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it('answers unknown paths and queries holding markup without echoing it', async () => {
    const encoded = encodeURIComponent(PAYLOAD);
    const urls = [
      `/api/${encoded}`,
      `/api/${PAYLOAD}`,
      `/oidc/${encoded}`,
      `/oidc-assets/${encoded}`,
      `/${encoded}`,
      `/%3Cscript%3E`,
      `/?q=${PAYLOAD}`,
      `/?q=${encoded}`,
      `/recent-chat?chat=${encoded}`,
      `/callback?error=x&error_description=${encoded}&state=${encoded}`,
      `/api/upload/image?q=${encoded}&limit=${encoded}`,
      `/api/upload/image/${encoded}`,
      `/api/upload/card/${encoded}`,
      `/api/upload/image/thumbnail/${encoded}/240.webp`,
    ];
    for (const url of urls) {
      const response = await get(url);
      expectInert(response, url);
      // An /api or /oidc miss is JSON (or the provider's own escaped page), never the app shell.
      if (url.startsWith('/api/')) expect(response.headers['content-type'], url).toMatch(/application\/json/);
    }
    // The shell itself carries every header a page must have.
    const shell = await get(`/?q=${encoded}`);
    expect(shell.headers['content-type']).toMatch(/text\/html/);
    expect(shell.body).toContain('<div id="root">');
  });

  it('serves a card named with markup, quotes and line breaks as data: JSON and PNG, headers intact', async () => {
    const name = `Hostile "${PAYLOAD}"\r\nSet-Cookie: stolen=1`;
    const owner = await userOf(test, 'reflect-owner');
    const uploaded = await upload(test, owner, {
      bytes: cardPng({ name, description: PAYLOAD, first_mes: PAYLOAD }),
      filename: `${PAYLOAD}.png`,
    });
    expect(uploaded.statusCode).toBe(200);
    const id = (uploaded.json() as { data: { file_id: string } }).data.file_id;
    const reads = [
      { url: `/api/upload/image/user/${id}?download=1`, type: /^image\/png/ },
      { url: `/api/upload/card/${id}`, type: /^application\/json/ },
      { url: `/api/upload/image/tags/user/${id}`, type: /^application\/json/ },
      { url: `/api/collections?limit=12&offset=0`, type: /^application\/json/ },
    ];
    for (const { url, type } of reads) {
      const response = await test.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(type);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['set-cookie'], url).toBeUndefined();
      if (type.source.includes('json')) expect(JSON.stringify(response.json()), url).toContain(JSON.stringify(PAYLOAD).slice(1, -1));
    }
    const download = await test.app.inject({ method: 'GET', url: `/api/upload/image/user/${id}?download=1`, headers: owner.headers });
    const disposition = String(download.headers['content-disposition']);
    // One header, one quoted ASCII name with no quote, angle bracket or line break of the card's.
    expect(disposition).toMatch(/^attachment; filename="[A-Za-z0-9 ._()-]+\.png"; filename\*=UTF-8''[^\s"<>]+$/);
  });

  it("escapes hostile query and form values on the provider's sign-in and sign-up pages", async () => {
    const browser = new OidcBrowser(test.app);
    // login_hint is the one query value the sign-in page shows (in the e-mail field).
    const started = await browser.request('GET', authorizeUrl({ login_hint: PAYLOAD, state: PAYLOAD, ui_locales: PAYLOAD }));
    expectInert(started, 'authorize');
    expect(started.statusCode).toBe(303);
    const interaction = String(started.headers.location);
    expect(interaction).toMatch(/^\/oidc\/interaction\/[\w-]+$/);

    const signIn = await browser.request('GET', `${interaction}?email=${encodeURIComponent(PAYLOAD)}`);
    expectInert(signIn, 'sign-in page');
    expect(signIn.statusCode).toBe(200);
    expect(signIn.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');

    const signUp = await browser.request('GET', `${interaction}/signup?name=${encodeURIComponent(PAYLOAD)}`);
    expectInert(signUp, 'sign-up page');
    expect(signUp.statusCode).toBe(200);

    const wrongSignIn = await browser.request('POST', interaction, { email: PAYLOAD, password: PAYLOAD });
    expectInert(wrongSignIn, 'sign-in post');
    expect(wrongSignIn.statusCode).toBe(400);
    expect(wrongSignIn.body).toContain('Wrong e-mail or password.');
    expect(wrongSignIn.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');

    const breakOut = `"><svg onload=alert(1)>${PAYLOAD}`;
    const badSignUp = await browser.request('POST', `${interaction}/signup`, { name: breakOut, email: breakOut, password: 'weak' });
    expectInert(badSignUp, 'sign-up post');
    expect(badSignUp.statusCode).toBe(400);
    expect(badSignUp.body).not.toContain('<svg');
    expect(badSignUp.body).toContain('value="&quot;&gt;&lt;svg onload=alert(1)&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');

    // A name with markup is a valid name: it is stored as typed and comes back escaped, never as markup.
    const created = await browser.request('POST', `${interaction}/signup`, {
      name: PAYLOAD,
      email: 'reflect@example.com',
      password: 'correct horse 1',
    });
    expectInert(created, 'sign-up success');
    expect(created.statusCode).toBe(303);
    const resumed = await browser.request('GET', String(created.headers.location));
    expectInert(resumed, 'resume');
    const callback = new URL(String(resumed.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
    // The state goes back to the registered redirect_uri as a query value, percent-encoded.
    expect(callback.searchParams.get('state')).toBe(PAYLOAD);
  });

  it('answers a hostile interaction id with the escaped "expired" page', async () => {
    for (const suffix of ['', '/signup']) {
      const url = `/oidc/interaction/${encodeURIComponent(PAYLOAD)}${suffix}`;
      const page = await get(url);
      expectInert(page, url);
      expect(page.statusCode, url).toBe(400);
      expect(page.body, url).toContain('Sign-in expired');
      const posted = await new OidcBrowser(test.app).request('POST', url, { email: PAYLOAD, password: 'x', name: PAYLOAD });
      expectInert(posted, `POST ${url}`);
    }
  });

  it('renders provider errors from hostile client_id, redirect_uri, state and error_description as escaped text', async () => {
    const cases: Record<string, string>[] = [
      { client_id: PAYLOAD },
      { redirect_uri: PAYLOAD, state: PAYLOAD },
      { redirect_uri: `${REDIRECT_URI}?x=${PAYLOAD}`, state: PAYLOAD },
      { error: PAYLOAD, error_description: PAYLOAD, state: PAYLOAD },
      { response_type: PAYLOAD, state: PAYLOAD },
      { scope: PAYLOAD, state: PAYLOAD },
      { response_mode: PAYLOAD, state: PAYLOAD },
      { prompt: PAYLOAD, state: PAYLOAD },
      { code_challenge_method: PAYLOAD, state: PAYLOAD },
      { resource: PAYLOAD, state: PAYLOAD },
      // form_post answers with an HTML page that carries the state in a form: it must be escaped there.
      { response_mode: 'form_post', code_challenge: '', state: PAYLOAD },
      { response_mode: 'form_post', prompt: 'none', state: PAYLOAD },
    ];
    for (const extra of cases) {
      const label = JSON.stringify(extra);
      const response = await new OidcBrowser(test.app).request('GET', authorizeUrl(extra));
      expectInert(response, label);
      if (extra.response_mode === 'form_post') {
        // The provider posts the error back with the state in a hidden field: reflected, but as text.
        expect(response.body, label).toContain('name="state" value="&lt;script&gt;alert(1)&lt;/script&gt;"');
      }
    }
    for (const endpoint of ['/oidc/token', '/oidc/token/revocation', '/oidc/session/end/confirm']) {
      const response = await new OidcBrowser(test.app).request('POST', endpoint, {
        client_id: PAYLOAD,
        grant_type: PAYLOAD,
        token: PAYLOAD,
        xsrf: PAYLOAD,
      });
      expectInert(response, endpoint);
    }
  });

  it('keeps the logout page free of reflected markup, signed in or not', async () => {
    const query = (params: Record<string, string>) => `/oidc/session/end?${new URLSearchParams(params)}`;
    const urls = [
      query({ state: PAYLOAD, ui_locales: PAYLOAD }),
      query({ client_id: 'cardchat-web', post_logout_redirect_uri: `${ORIGIN}/`, state: PAYLOAD, ui_locales: PAYLOAD }),
      query({ client_id: PAYLOAD, post_logout_redirect_uri: PAYLOAD }),
      query({ id_token_hint: PAYLOAD }),
      query({ logout_hint: PAYLOAD }),
      `/oidc/session/end/success?state=${encodeURIComponent(PAYLOAD)}`,
    ];
    for (const url of urls) expectInert(await new OidcBrowser(test.app).request('GET', url), url);

    // With a session the provider shows our own sign-out page (logoutPage), which wraps its form.
    const browser = new OidcBrowser(test.app);
    const started = await browser.request('GET', authorizeUrl());
    const created = await browser.request('POST', `${String(started.headers.location)}/signup`, {
      name: 'Logout Reflection',
      email: 'logout-reflection@example.com',
      password: 'correct horse 1',
    });
    expect(created.statusCode).toBe(303);
    await browser.request('GET', String(created.headers.location));
    const page = await browser.request('GET', urls[1]!);
    expectInert(page, 'signed-in logout page');
    expect(page.statusCode).toBe(200);
    // Without the session's own id_token_hint it asks rather than signing out by itself.
    expect(page.body).toContain('Sign out of cardchat?');
    expect(page.body).not.toContain('logout.js');
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(page.body)?.[1];
    expect(new URL(action!, ORIGIN).origin).toBe(ORIGIN);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    const done = await browser.request('POST', action!, { xsrf: xsrf!, logout: 'yes' });
    expectInert(done, 'logout confirm');
    const back = new URL(String(done.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${ORIGIN}/`);
    expect(back.searchParams.get('state')).toBe(PAYLOAD);
  });

  it('never redirects to another origin, whatever redirect_uri or post_logout_redirect_uri names', async () => {
    const browser = new OidcBrowser(test.app);
    for (const target of EVIL_TARGETS) {
      const authorize = await browser.request('GET', authorizeUrl({ redirect_uri: target }));
      expectInert(authorize, `authorize → ${target}`);
      expect(authorize.statusCode, target).toBe(400);
      expect(authorize.headers.location, target).toBeUndefined();

      const logout = await browser.request(
        'GET',
        `/oidc/session/end?${new URLSearchParams({ client_id: 'cardchat-web', post_logout_redirect_uri: target })}`,
      );
      expectInert(logout, `logout → ${target}`);
      expect(logout.headers.location, target).toBeUndefined();

      // Paths that look like another host to a browser (`//host`, `/\host`) are the app's own pages.
      for (const url of [`/${target}`, `/${encodeURIComponent(target)}`, `/login?returnTo=${encodeURIComponent(target)}`]) {
        expectInert(await get(url), url);
      }
    }
    // The signed-in logout page posts back to our own provider only.
    const page = await browser.request(
      'GET',
      `/oidc/session/end?${new URLSearchParams({ client_id: 'cardchat-web', post_logout_redirect_uri: 'https://evil.example/' })}`,
    );
    expect(page.body).not.toContain('evil.example"');
  });
});
