import { accessToken } from '../auth/refresh';
import { appConfig } from '../config/appConfig';
import { noteAnswer, noteNoAnswer } from '../lib/connectivity';
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
 * cannot go through api() (a streamed reply, a file download). No retries beyond that one: the
 * caller decides what a failure means. Rejects only when no answer came (network, abort). What came
 * back feeds the app's connectivity; an abort does too when its reason is a timeout.
 */
export async function authorizedFetch(path: string, init: AuthorizedInit = {}): Promise<Response> {
  try {
    const response = await authorizedFetchUrl(apiUrl(path), init);
    noteAnswer(response);
    return response;
  } catch (error) {
    if (!init.signal?.aborted || isTimeout(init.signal.reason)) noteNoAnswer();
    throw error;
  }
}

/** An abort that says no answer came in time, rather than that someone stopped the request. */
export function isTimeout(reason: unknown): boolean {
  return reason instanceof DOMException && reason.name === 'TimeoutError';
}

/**
 * authorizedFetch for a URL the API handed out (an image's `url`), rather than a path. It does not
 * feed connectivity: the service worker may answer an image from its cache while cardchat is down.
 */
export async function authorizedFetchUrl(url: string | URL, init: AuthorizedInit = {}): Promise<Response> {
  const send = (token: string | null) => fetch(url, { ...init, headers: { ...init.headers, ...(token ? identityHeaders(token) : {}) } });
  const token = await accessToken().catch(() => null);
  const response = await send(token);
  // Without a token there was nothing to refresh: the 401 is the answer.
  return token ? retryWithFreshToken(response, send) : response;
}
