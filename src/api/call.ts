import type { Static, TSchema } from 'typebox';
import type * as Contract from '@core/contract';
import type { Route } from '@core/contract/routes';
import { accessToken } from '../auth/refresh';
import { isTimeout } from './authorizedFetch';
import { jsonRequest, REQUEST_TIMEOUT_MS } from './client';
import { ApiError, toApiError } from './errors';

type Entries = typeof Contract;

/** The contract entry served at the route's method and path: its schemas type the call. */
export type EntryOf<R extends Route> = {
  [K in keyof Entries]: Entries[K] extends { method: R['method']; path: R['path'] } ? Entries[K] : never;
}[keyof Entries];

type Part<E, K extends string> = E extends { [P in K]: infer S extends TSchema } ? Static<S> : undefined;
type Has<E, K extends string> = E extends { [P in K]: TSchema } ? true : false;

/** What a call sends, as its entry declares: path parameters, query, a JSON body (a multipart form where it declares none), headers. */
export type CallInput<R extends Route, E = EntryOf<R>> = (Has<E, 'params'> extends true ? { params: Part<E, 'params'> } : unknown) &
  (Has<E, 'querystring'> extends true ? { query: Part<E, 'querystring'> } : unknown) &
  (Has<E, 'body'> extends true ? { body: Part<E, 'body'> } : { form?: FormData }) &
  (Has<E, 'headers'> extends true ? { headers?: Part<E, 'headers'> } : unknown);

/** The JSON a call answers (its entry's 200, 201 or 202); undefined for an endpoint that answers bytes. */
export type CallAnswer<R extends Route, E = EntryOf<R>> = E extends { response: { 200: infer S extends TSchema } }
  ? Static<S>
  : E extends { response: { 201: infer S extends TSchema } }
    ? Static<S>
    : E extends { response: { 202: infer S extends TSchema } }
      ? Static<S>
      : undefined;

export interface CallOptions {
  signal?: AbortSignal;
  /** How long to wait for an answer (ms); REQUEST_TIMEOUT_MS unless said. A Response read as it streams is bounded by its signal alone. */
  timeout?: number;
  /** Never tried again by itself (ky's retries): a repeat after a lost answer would do it twice. */
  once?: boolean;
  /** What a refusal says when the server sent no message of its own (else 'HTTP {status}: {text}'). */
  refused?: string;
  /** What no answer says (else the network message, or the timeout's). */
  noAnswer?: string;
  /** The call needs the user: without a token, or still 401 after the one refresh, it fails with this text. */
  signedOut?: string;
  /** 0…1 as the body goes out (an upload). */
  onUploadProgress?: (fraction: number) => void;
  /** The media type asked for (`text/event-stream` for a streamed reply). */
  accept?: string;
}

type AnyInput = { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown; form?: FormData; headers?: object };

/**
 * The one way the PWA calls the API: `api(routes.getChat, { body })` with a route from
 * core/contract/routes/. The path, parameters, body and answer are typed from the route's contract
 * entry. Every call sends the Bearer token and the X-User-* headers, refreshes the token once on a
 * 401, throws ApiError with the text a person should read, and tells the app's connectivity whether
 * cardchat answered. JSON answers go through ky (10 s, 3 attempts 1 s apart for the methods that may
 * repeat); `read: 'response'` hands back the Response (a stream, a file: no retries, the caller
 * reads it) and `onUploadProgress` sends with XMLHttpRequest, the one API that reports an upload's
 * progress (both in responseCall.ts).
 */
export function api<R extends Route>(route: R, input: CallInput<R>, options: CallOptions & { read: 'response' }): Promise<Response>;
export function api<R extends Route>(
  route: R,
  input: CallInput<R>,
  ...options: CallAnswer<R> extends undefined ? [options: never] : [options?: CallOptions]
): Promise<CallAnswer<R>>;
export async function api(route: Route, input: AnyInput, options: CallOptions & { read?: 'response' } = {}): Promise<unknown> {
  const path = pathOf(route.path, input);
  const headers: Record<string, string> = { ...(input.headers as Record<string, string> | undefined) };
  if (options.accept) headers.Accept = options.accept;
  try {
    if (options.signedOut && !(await accessToken().catch(() => null))) throw new ApiError(options.signedOut, 401, 'unauthenticated');
    if (options.onUploadProgress || options.read === 'response') {
      // Loaded with the first such call: what Home needs first is JSON.
      const { responseOf } = await import('./responseCall');
      const response = await responseOf(route.method, path, { headers, body: input.body, form: input.form }, options);
      if (options.read === 'response') return response;
      return await response
        .json()
        .catch(() => Promise.reject(new ApiError(options.refused ?? 'The server sent an unreadable answer.', response.status)));
    }
    return await jsonRequest(path, {
      method: route.method,
      headers,
      ...(input.body === undefined ? { body: input.form } : { json: input.body }),
      timeout: options.timeout ?? REQUEST_TIMEOUT_MS,
      ...(options.once ? { retry: 0 } : {}),
      signal: options.signal,
    });
  } catch (error) {
    throw await failure(error, options);
  }
}

/**
 * Any failure as the ApiError a person reads: the server's refusal, a timeout, no answer. A call its
 * caller stopped (not a timeout) rejects with the caller's own reason.
 */
async function failure(error: unknown, options: CallOptions): Promise<unknown> {
  const reason: unknown = options.signal?.aborted ? options.signal.reason : undefined;
  if (reason !== undefined && !isTimeout(reason)) return reason;
  const timeout = [reason, error].find(isTimeout) as DOMException | undefined;
  const apiError = timeout
    ? new ApiError(timeout.message, 0, 'timeout')
    : await toApiError(error, options.timeout ?? REQUEST_TIMEOUT_MS, options.refused);
  if (apiError.isNetwork && options.noAnswer) return new ApiError(options.noAnswer, 0, apiError.code);
  if (apiError.status === 401 && options.signedOut) return new ApiError(options.signedOut, 401, 'unauthenticated');
  return apiError;
}

/** `/api/chats/:chat_id` with its parameters, relative to the API's base (`chats/c1`), and the query after it. */
function pathOf(path: string, { params, query }: AnyInput): string {
  const filled = path.replace(/^\/api\//, '').replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params?.[name])));
  const search = new URLSearchParams();
  // A list repeats its parameter (`tag=a&tag=b`), as Fastify reads an array.
  for (const [name, value] of Object.entries(query ?? {})) {
    for (const one of Array.isArray(value) ? value : [value]) if (one !== undefined) search.append(name, String(one));
  }
  return search.size > 0 ? `${filled}?${search}` : filled;
}
