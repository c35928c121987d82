import { authorizedFetch } from './authorizedFetch';
import type { CallOptions } from './call';
import { errorFromResponse } from './errors';
import { authorizedXhr } from './xhr';

/**
 * A call whose answer is read as a Response (a stream, a file) or whose upload reports progress:
 * fetch, or XMLHttpRequest with `onUploadProgress`, with the identity headers and the one refresh on
 * a 401 (authorizedFetch.ts, xhr.ts). A refusal throws its ApiError here; no answer rejects, and
 * src/api/call.ts says why.
 */
export async function responseOf(
  method: string,
  path: string,
  { headers, body, form }: { headers: Record<string, string>; body: unknown; form: FormData | undefined },
  options: CallOptions,
): Promise<Response> {
  const { onUploadProgress: onProgress, signal } = options;
  const named = headerNames(headers);
  let sent: Promise<Response>;
  if (onProgress) sent = authorizedXhr(method, path, { headers: named, body: form, onProgress, signal });
  else {
    if (body !== undefined) named['Content-Type'] = 'application/json';
    const init = { method, headers: named, body: form ?? (body === undefined ? undefined : JSON.stringify(body)) };
    sent = withTimeout(options, (bounded) => authorizedFetch(path, { ...init, signal: bounded }));
  }
  const response = await sent;
  if (!response.ok) throw await errorFromResponse(response, options.refused);
  return response;
}

/** A fetch whose signal also ends after `options.timeout`, as a TimeoutError (no answer came in time). */
async function withTimeout(options: CallOptions, send: (signal: AbortSignal | undefined) => Promise<Response>): Promise<Response> {
  if (options.timeout === undefined) return send(options.signal);
  const controller = new AbortController();
  const stop = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', stop, { once: true });
  const timer = setTimeout(
    () => controller.abort(new DOMException(`Request timeout after ${options.timeout}ms`, 'TimeoutError')),
    options.timeout,
  );
  try {
    return await send(controller.signal).catch((error: unknown) =>
      Promise.reject(controller.signal.aborted ? controller.signal.reason : error),
    );
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}

/** The contract names headers as Fastify reads them (`idempotency-key`); a plain headers object takes them as written on the wire (`Idempotency-Key`). */
function headerNames(headers: object | undefined): Record<string, string> {
  const named: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {}))
    if (value !== undefined)
      named[name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase())] = String(value);
  return named;
}
