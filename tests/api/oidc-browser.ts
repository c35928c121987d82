import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { linkIn, type MailCatcher } from '../support/mailCatcher';

/** The origin the API tests' apps are built for (createTestApp's PUBLIC_URL). */
export const ORIGIN = 'http://localhost:8787';
/** The PWA's registered redirect_uri on that origin. */
export const REDIRECT_URI = `${ORIGIN}/callback`;
/** The PWA's client at the embedded provider. */
export const CLIENT_ID = 'cardchat-web';

/** What the browser and the helpers below read of an answer, whichever transport brought it. */
export interface BrowserResponse {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  /** Untyped, as light-my-request's json(): each test reads the fields it asserts on. */
  json(): any;
}

export interface BrowserRequest {
  method: 'GET' | 'POST' | 'DELETE';
  /** Path and query. */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** How a request reaches a server: app.inject for an app in this process, HTTP for a server elsewhere. */
export type Transport<R extends BrowserResponse> = (request: BrowserRequest) => Promise<R>;

/** Requests handed to an app of this process, as most API tests build it (createTestApp). */
export function injectInto(app: FastifyInstance): Transport<LightMyRequestResponse> {
  return ({ method, path, headers, body }) => app.inject({ method, url: path, headers, ...(body === undefined ? {} : { payload: body }) });
}

export interface HttpResponse extends BrowserResponse {
  /** The body's bytes, as light-my-request names them. */
  rawPayload: Buffer;
}

/**
 * Requests over a real socket to `baseURL` (e.g. a server child's http://127.0.0.1:<port>). The
 * Host header is the request's own, so a caller can name the public origin the server believes it
 * is reached at, as a load balancer in front of several instances passes it on. `localAddress`
 * sends from another loopback address (127.0.0.2...), as another client on the network would.
 */
export function httpTo(baseURL: string, localAddress?: string): Transport<HttpResponse> {
  const { hostname, port } = new URL(baseURL);
  return ({ method, path, headers, body }) =>
    new Promise((resolve, reject) => {
      const outgoing = http.request(
        {
          host: hostname,
          port,
          method,
          path,
          headers: { ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }), ...headers },
          // A connection per request: nothing is left open to hold a server's shutdown.
          agent: false,
          ...(localAddress ? { localAddress } : {}),
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const rawPayload = Buffer.concat(chunks);
            const text = rawPayload.toString('utf8');
            resolve({ statusCode: incoming.statusCode!, headers: incoming.headers, body: text, rawPayload, json: () => JSON.parse(text) });
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
}

/**
 * Just enough of a browser for the embedded OpenID provider's pages: cookies kept by path, as its
 * interaction cookies need (they are scoped to /oidc/interaction/<uid>), dropped when cleared or
 * expired, and forms posted url-encoded. Built on an app it speaks through app.inject; built on a
 * transport it speaks through that. `transport` may be swapped to go on with the same cookies
 * against another instance, as behind a load balancer without sticky sessions.
 */
export class OidcBrowser<R extends BrowserResponse = LightMyRequestResponse> {
  private cookies = new Map<string, { name: string; value: string; path: string }>();
  transport: Transport<R>;

  constructor(target: FastifyInstance | Transport<R>) {
    // Without a transport R is its default, LightMyRequestResponse: what injectInto answers.
    this.transport = typeof target === 'function' ? target : (injectInto(target) as unknown as Transport<R>);
  }

  async request(method: 'GET' | 'POST', target: string, form?: Record<string, string>, headers: Record<string, string> = {}): Promise<R> {
    const url = new URL(target, ORIGIN);
    const cookie = [...this.cookies.values()]
      .filter(({ path }) => url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    const response = await this.transport({
      method,
      path: url.pathname + url.search,
      headers: {
        host: url.host,
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    const setCookies = [response.headers['set-cookie'] ?? []].flat().map(String);
    for (const line of setCookies) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = pair.split('=');
      const path = attributes.find((a) => a.toLowerCase().startsWith('path='))?.slice(5) ?? '/';
      const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='))?.slice(8);
      const key = `${name} ${path}`;
      if (!value || (expires && Date.parse(expires) < Date.now())) this.cookies.delete(key);
      else this.cookies.set(key, { name, value, path });
    }
    return response;
  }
}

/** A PKCE pair: the verifier the PWA keeps, the S256 challenge it sends. */
export function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** The PWA's authorization request; without a challenge it is one the provider must refuse. */
export function authorizeUrl(challenge: string | undefined, extra: Record<string, string> = {}) {
  const params = new URLSearchParams({
    client_id: CLIENT_ID,
    response_type: 'code',
    scope: 'openid profile email offline_access',
    redirect_uri: REDIRECT_URI,
    state: 'state-1',
    ...(challenge ? { code_challenge: challenge, code_challenge_method: 'S256' } : {}),
    ...extra,
  });
  return `/oidc/auth?${params}`;
}

/** Opens the authorization endpoint and returns the interaction page's path. */
export async function startSignIn(browser: OidcBrowser<BrowserResponse>, challenge: string): Promise<string> {
  const response = await browser.request('GET', authorizeUrl(challenge));
  expect(response.statusCode).toBe(303);
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/oidc\/interaction\/[\w-]+$/);
  return location;
}

/** Follows a finished interaction back through the provider to the app's /callback; returns the code. */
export async function followToCode(
  browser: OidcBrowser<BrowserResponse>,
  finished: { statusCode: number; headers: Record<string, unknown> },
) {
  expect(finished.statusCode).toBe(303);
  const resumed = await browser.request('GET', String(finished.headers.location));
  expect(resumed.statusCode).toBe(303);
  const callback = new URL(String(resumed.headers.location));
  expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT_URI);
  expect(callback.searchParams.get('state')).toBe('state-1');
  return callback.searchParams.get('code')!;
}

export const account = (tag: string) => ({ name: `User ${tag}`, email: `${tag}@example.com`, password: 'correct horse 1' });

/** Creates the account through the sign-up form and returns the code for it, with its verifier. */
export async function signUp(browser: OidcBrowser<BrowserResponse>, who: ReturnType<typeof account>) {
  const { verifier, challenge } = pkce();
  const interaction = await startSignIn(browser, challenge);
  const code = await followToCode(browser, await browser.request('POST', `${interaction}/signup`, who));
  return { code, verifier };
}

/**
 * Signs up where the server sends mail (SMTP_URL): the form answers 'Check your e-mail', and the
 * mailed link makes the account. Returns the answer to the form and the link's page.
 */
export async function signUpByMail(browser: OidcBrowser<BrowserResponse>, who: ReturnType<typeof account>, mail: MailCatcher) {
  const interaction = await startSignIn(browser, pkce().challenge);
  const answer = await browser.request('POST', `${interaction}/signup`, who);
  if (answer.statusCode !== 200 || !answer.body.includes('Check your e-mail'))
    throw new Error(`sign-up answered ${answer.statusCode}: ${answer.body}`);
  const link = new URL(linkIn(await mail.next(20_000), 'finish-sign-up'));
  const finished = await browser.request('GET', link.pathname);
  if (finished.statusCode !== 200) throw new Error(`the sign-up link answered ${finished.statusCode}: ${finished.body}`);
  return { answer, finished };
}

/** POST /oidc/token as the PWA sends it (no cookies: the token endpoint needs none). */
export function requestToken<R extends BrowserResponse>(transport: Transport<R>, form: Record<string, string>): Promise<R> {
  return transport({
    method: 'POST',
    path: '/oidc/token',
    headers: { host: new URL(ORIGIN).host, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}
