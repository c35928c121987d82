import { accessToken } from '../auth/refresh';
import { appConfig } from '../config/appConfig';
import { identityHeaders } from './identity';

/**
 * The one refresh-and-retry on a 401: an access token can expire or be revoked between our check and
 * the server's. `resend` repeats the request with the fresh token; its answer is final, so a second
 * 401 is not refreshed again. A refresh that fails leaves the 401 as the answer.
 */
export async function retryWithFreshToken(response: Response, resend: (token: string) => Promise<Response>): Promise<Response> {
  if (response.status !== 401) return response;
  const fresh = await accessToken({ forceRefresh: true }).catch(() => null);
  return fresh ? resend(fresh) : response;
}

/** An API path as a URL: `users/profile` → `/api/users/profile`. */
export function apiUrl(path: string): string {
  return `${appConfig.apiBaseUrl.replace(/\/$/, '')}/${path}`;
}

export type AuthorizedInit = Omit<RequestInit, 'headers'> & { headers?: Record<string, string> };

/**
 * fetch() of an API path with the user's identity headers and the refresh-once rule, for calls that
 * cannot go through apiJson (a streamed reply, a file download). No retries beyond that one: the
 * caller decides what a failure means. Rejects only when no answer came (network, abort).
 */
export function authorizedFetch(path: string, init: AuthorizedInit = {}): Promise<Response> {
  return authorizedFetchUrl(apiUrl(path), init);
}

/** authorizedFetch for a URL the API handed out (an image's `url`), rather than a path. */
export async function authorizedFetchUrl(url: string | URL, init: AuthorizedInit = {}): Promise<Response> {
  const send = (token: string | null) => fetch(url, { ...init, headers: { ...init.headers, ...(token ? identityHeaders(token) : {}) } });
  const token = await accessToken().catch(() => null);
  const response = await send(token);
  // Without a token there was nothing to refresh: the 401 is the answer.
  return token ? retryWithFreshToken(response, send) : response;
}
