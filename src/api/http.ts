/** The API client's HTTP layer: ky with every call's policy (timeout, retries, token, refresh-once). */
import ky, { TimeoutError, type Options } from 'ky';
import { appConfig } from '../config/appConfig';
import { accessToken } from '../auth/refresh';
import { noteAnswer, noteNoAnswer } from '../lib/connectivity';
import { retryWithFreshToken } from './authorizedFetch';
import { REQUEST_TIMEOUT_MS } from './client';
import { identityHeaders } from './identity';

const http = ky.create({
  prefixUrl: appConfig.apiBaseUrl,
  timeout: REQUEST_TIMEOUT_MS,
  retry: {
    limit: 2,
    delay: () => 1000,
    // Only answers that say "try again": never a 4xx that would fail the same way, never a 500.
    statusCodes: [408, 429, 502, 503, 504],
    afterStatusCodes: [429, 503],
  },
  hooks: {
    beforeRequest: [
      async (request) => {
        const token = await accessToken();
        if (!token) return;
        for (const [name, value] of Object.entries(identityHeaders(token))) request.headers.set(name, value);
      },
    ],
    afterResponse: [
      // Every answer, a retried attempt's too, tells the app's connectivity that cardchat is there.
      (_request, _options, response) => noteAnswer(response),
      // The shared refresh-once rule (authorizedFetch.ts). The retry runs without these hooks or
      // ky's retries, so a second 401 is final.
      async (request, options, response) => {
        if (!request.headers.has('Authorization')) return response;
        return retryWithFreshToken(response, (token) => {
          const retry = new Request(request, { headers: new Headers(request.headers) });
          retry.headers.set('Authorization', `Bearer ${token}`);
          return ky(retry, { ...options, prefixUrl: undefined, retry: 0, hooks: {} });
        });
      },
    ],
  },
});

/**
 * A JSON call through ky (src/api/call.ts builds it from a contract route, client.ts loads this). One that got no answer
 * (after ky's retries) makes the app's connectivity unreachable, which starts the probes that find
 * cardchat again; call.ts turns every failure into the ApiError a person reads.
 */
export async function jsonRequest(path: string, options: Options): Promise<unknown> {
  try {
    return await http(path, options).json();
  } catch (error) {
    if (error instanceof TimeoutError || error instanceof TypeError) noteNoAnswer();
    throw error;
  }
}
