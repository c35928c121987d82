import type { FastifyInstance } from 'fastify';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { createTestApp, databases, type TestApp } from './helpers';
import {
  account,
  authorizeUrl,
  followToCode,
  injectInto,
  OidcBrowser,
  ORIGIN,
  pkce,
  REDIRECT_URI,
  requestToken,
  signUp,
  startSignIn,
} from './oidc-browser';

describe.each(databases)('embedded OpenID provider (%s)', (dialect) => {
  let test: TestApp;
  const token = (form: Record<string, string>, app: FastifyInstance = test.app) => requestToken(injectInto(app), form);

  beforeAll(async () => {
    // The per-address test below speaks through a proxy on this machine, as a deployment's would.
    test = await createTestApp(dialect, { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => test.close());

  it('publishes discovery with the issuer at /oidc and PKCE S256', async () => {
    const response = await test.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'localhost:8787' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      issuer: `${ORIGIN}/oidc`,
      authorization_endpoint: `${ORIGIN}/oidc/auth`,
      token_endpoint: `${ORIGIN}/oidc/token`,
      jwks_uri: `${ORIGIN}/oidc/jwks`,
      end_session_endpoint: `${ORIGIN}/oidc/session/end`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
    });
  });

  it('signs up, issues a JWT access token for the API, and rotates refresh tokens', async () => {
    const browser = new OidcBrowser(test.app);
    const page = await browser.request('GET', `${await startSignIn(browser, pkce().challenge)}/signup`);
    expect(page.statusCode).toBe(200);
    for (const text of ['>Name</label>', '>Email</label>', '>Password</label>', 'Create account</button>'])
      expect(page.body).toContain(text);

    const { code, verifier } = await signUp(browser, account('ada'));
    const wrongVerifier = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: 'cardchat-web',
      code_verifier: pkce().verifier,
    });
    expect(wrongVerifier.json().error).toBe('invalid_grant');

    // As the PWA does, name the API with `resource` (the Grace test below leaves it to the default).
    const resource = test.config.oidc.audience;
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: 'cardchat-web',
      code_verifier: verifier,
      resource,
    });
    expect(issued.statusCode).toBe(200);
    const tokens = issued.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect(decodeJwt(tokens.id_token)).toMatchObject({ aud: 'cardchat-web', email: 'ada@example.com', name: 'User ada' });
    expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({ typ: 'at+jwt', alg: 'ES256' });
    expect(decodeJwt(tokens.access_token)).toMatchObject({
      iss: `${ORIGIN}/oidc`,
      aud: test.config.oidc.audience,
      email: 'ada@example.com',
      name: 'User ada',
      client_id: 'cardchat-web',
    });

    const profile = await test.app.inject({
      method: 'GET',
      url: '/api/users/profile',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ email: 'ada@example.com', name: 'User ada', plan: 'normal' });

    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'cardchat-web',
      resource,
    });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json();
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(next.access_token)).toMatchObject({ aud: test.config.oidc.audience, email: 'ada@example.com' });

    // Another instance on the same database (or this one after a restart) knows the session and the tokens.
    const other = await buildApp({ config: test.config, db: test.db, closeDb: false });
    const elsewhere = await token({ grant_type: 'refresh_token', refresh_token: next.refresh_token, client_id: 'cardchat-web' }, other);
    expect(elsewhere.statusCode).toBe(200);
    browser.transport = injectInto(other);
    const silent = await browser.request('GET', authorizeUrl(pkce().challenge));
    await other.close();
    expect(String(silent.headers.location)).toMatch(/^http:\/\/localhost:8787\/callback\?code=/);

    const reused = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'cardchat-web' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');
    // A reused refresh token means one was stolen: the whole grant goes, including the newest token.
    const newest = await token({ grant_type: 'refresh_token', refresh_token: elsewhere.json().refresh_token, client_id: 'cardchat-web' });
    expect(newest.json().error).toBe('invalid_grant');
  });

  it('signs in with the right password only, with one message for every wrong guess', async () => {
    await signUp(new OidcBrowser(test.app), account('grace'));
    const browser = new OidcBrowser(test.app);
    const { verifier, challenge } = pkce();
    const interaction = await startSignIn(browser, challenge);
    const page = await browser.request('GET', interaction);
    for (const text of ['>Email</label>', '>Password</label>', 'Sign in</button>', `href="${interaction}/signup"`])
      expect(page.body).toContain(text);

    for (const guess of [
      { email: 'grace@example.com', password: 'wrong password 1' },
      { email: 'nobody@example.com', password: 'correct horse 1' },
    ]) {
      const refused = await browser.request('POST', interaction, guess);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain('Wrong e-mail or password.');
      expect(refused.body).toContain(`value="${guess.email}"`);
    }
    const code = await followToCode(
      browser,
      await browser.request('POST', interaction, { email: 'Grace@Example.com', password: 'correct horse 1' }),
    );
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: 'cardchat-web',
      code_verifier: verifier,
    });
    expect(decodeJwt(issued.json().access_token).email).toBe('grace@example.com');
  });

  it('explains sign-up errors, keeps what was typed except the password, and escapes it', async () => {
    await signUp(new OidcBrowser(test.app), account('linus'));
    const browser = new OidcBrowser(test.app);
    const signup = `${await startSignIn(browser, pkce().challenge)}/signup`;
    const cases = [
      { form: { ...account('linus'), email: 'LINUS@example.com' }, status: 409, message: 'An account with this e-mail already exists.' },
      { form: { ...account('new1'), password: 'short1' }, status: 400, message: 'Your password is too short: use at least 8 characters' },
      { form: { ...account('new3'), password: '1234567890' }, status: 400, message: 'This password is on lists of leaked passwords' },
      { form: { ...account('new4'), email: 'not-an-email' }, status: 400, message: 'Enter a valid e-mail address' },
      { form: { ...account('new5'), name: '   ' }, status: 400, message: 'Enter your name.' },
    ];
    for (const { form, status, message } of cases) {
      const response = await browser.request('POST', signup, form);
      expect(response.statusCode, message).toBe(status);
      expect(response.body).toContain(message);
      expect(response.body).toContain(`value="${form.email}"`);
      expect(response.body).not.toContain(form.password);
    }

    const hostile = await browser.request('POST', signup, {
      name: '<script>alert(1)</script>',
      email: 'x"><b>@example.com',
      password: 'weak',
    });
    expect(hostile.body).toContain('value="&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(hostile.body).toContain('value="x&quot;&gt;&lt;b&gt;@example.com"');
    expect(hostile.body).not.toMatch(/<script>alert|<b>/);
    expect(hostile.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('answers an explicit prompt=consent for its own app without asking', async () => {
    const browser = new OidcBrowser(test.app);
    await signUp(browser, account('barbara'));
    const { verifier, challenge } = pkce();
    const started = await browser.request('GET', authorizeUrl(challenge, { prompt: 'consent' }));
    expect(String(started.headers.location)).toMatch(/^\/oidc\/interaction\//);
    const code = await followToCode(browser, await browser.request('GET', String(started.headers.location)));
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: 'cardchat-web',
      code_verifier: verifier,
    });
    expect(decodeJwt(issued.json().access_token).email).toBe('barbara@example.com');
  });

  it('refuses an authorization request without a PKCE challenge', async () => {
    const response = await new OidcBrowser(test.app).request('GET', authorizeUrl(undefined));
    expect(response.statusCode).toBe(303);
    const location = new URL(String(response.headers.location));
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('error_description')).toMatch(/PKCE/);
  });

  it('renders provider errors as a plain escaped page', async () => {
    const response = await new OidcBrowser(test.app).request('GET', '/oidc/auth?client_id=%3Cscript%3Ex&response_type=code');
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('Sign-in problem');
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
  });

  it('signs out without a click and returns to the app', async () => {
    const browser = new OidcBrowser(test.app);
    const { code, verifier } = await signUp(browser, account('margaret'));
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT_URI,
      client_id: 'cardchat-web',
      code_verifier: verifier,
    });
    const { id_token: idToken, refresh_token: refreshToken } = issued.json();
    const params = new URLSearchParams({ client_id: 'cardchat-web', id_token_hint: idToken, post_logout_redirect_uri: `${ORIGIN}/` });
    const page = await browser.request('GET', `/oidc/session/end?${params}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<script src="/oidc-assets/logout.js" defer></script>');
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    const action = /<form id="op\.logoutForm" method="post" action="([^"]+)"/.exec(page.body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    expect(page.body).toContain('name="logout" value="yes"');
    const done = await browser.request('POST', action!, { xsrf: xsrf!, logout: 'yes' });
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${ORIGIN}/`);
    const afterLogout = await token({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'cardchat-web' });
    expect(afterLogout.json().error).toBe('invalid_grant');

    const script = await test.app.inject({ method: 'GET', url: '/oidc-assets/logout.js' });
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.body).toContain('op.logoutForm');
  });

  it('rate-limits sign-in posts per address', async () => {
    const browser = new OidcBrowser(test.app);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await browser.request(
        'POST',
        '/oidc/interaction/unknown',
        { email: 'a@example.com', password: 'x' },
        { 'x-forwarded-for': '203.0.113.9' },
      );
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
