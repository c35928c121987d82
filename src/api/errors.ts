import type { ApiErrorBody } from '@core/contract';

/** Every failed call surfaces as this, with the text a person should read. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 when no answer came at all (offline, timeout, server unreachable). */
    readonly status: number,
    readonly code: string | undefined = undefined,
    /** When the server said to try again (Retry-After), in ms from now. */
    readonly retryAfterMs: number | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The device or the server could not be reached: retry later rather than give up. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** No answer came: the device is offline, or cardchat was not reached (a raw fetch throws TypeError). */
export function isUnreachable(error: unknown): boolean {
  return !navigator.onLine || (error instanceof ApiError && error.isNetwork) || error instanceof TypeError;
}

/** What a call that got no answer at all says (docs/PRODUCT.md, Screens). */
export const NETWORK_ERROR_MESSAGE = 'Network error. Please check your connection and try again.';

/**
 * Maps ky's errors onto the messages people read (docs/PRODUCT.md, Screens), preferring the server's own message when it sent one,
 * else `fallback` for a refusal.
 */
export async function toApiError(error: unknown, timeoutMs: number, fallback?: string): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  // ky loads with the first call (client.ts): an error of its own means it is here; none means no call got that far.
  const ky = await import('ky').catch(() => null);
  // Read from a clone, so the error's response body stays readable for whoever else holds it.
  if (ky && error instanceof ky.HTTPError) return errorFromResponse(error.response.clone(), fallback);
  if (ky && error instanceof ky.TimeoutError) return new ApiError(`Request timeout after ${timeoutMs}ms`, 0, 'timeout');
  return new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
}

/**
 * The ApiError a refused call throws: the server's `message` and code, else `fallback`, else
 * 'HTTP {status}: {text}'. Shared by api() and the calls made with authorizedFetch.
 */
export async function errorFromResponse(response: Response, fallback?: string): Promise<ApiError> {
  let body: Partial<ApiErrorBody> | undefined;
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    body = undefined;
  }
  const message = body?.message ?? fallback ?? `HTTP ${response.status}: ${response.statusText}`;
  return new ApiError(message, response.status, body?.error, retryAfterMs(response.headers.get('retry-after')));
}

/** Retry-After as delay-seconds or an HTTP date (RFC 9110 §10.2.3), in ms from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number = Date.now()): number | undefined {
  if (header === null || header.trim() === '') return undefined;
  if (/^\s*\d+\s*$/.test(header)) return Number(header) * 1000;
  // An HTTP date names its day and month ('Fri, 21 Nov 2026 09:00:00 GMT'); Date.parse alone takes '-3' for a year.
  const date = /[a-z]/i.test(header) ? Date.parse(header) : NaN;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}
