import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

/** The origin the API tests' apps are built for (createTestApp's PUBLIC_URL). */
export const ORIGIN = 'http://localhost:8787';
/** The PWA's registered redirect_uri on that origin. */
export const REDIRECT_URI = `${ORIGIN}/callback`;

/**
 * Just enough of a browser over app.inject for the embedded OpenID provider's pages: cookies kept
 * by path, as its interaction cookies need (they are scoped to /oidc/interaction/<uid>), dropped
 * when cleared or expired, and forms posted url-encoded. `app` may be swapped to go on with the
 * same cookies against another instance.
 */
export class OidcBrowser {
  private cookies = new Map<string, { name: string; value: string; path: string }>();
  constructor(public app: FastifyInstance) {}

  async request(
    method: 'GET' | 'POST',
    target: string,
    form?: Record<string, string>,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    const url = new URL(target, ORIGIN);
    const cookie = [...this.cookies.values()]
      .filter(({ path }) => url.pathname === path || url.pathname.startsWith(path.endsWith('/') ? path : `${path}/`))
      .map(({ name, value }) => `${name}=${value}`)
      .join('; ');
    const response = await this.app.inject({
      method,
      url: url.pathname + url.search,
      headers: {
        host: url.host,
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...headers,
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : {}),
    });
    const setCookies = [response.headers['set-cookie'] ?? []].flat();
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
