import { HTTPError, TimeoutError } from 'ky';
import type { ApiErrorBody } from '../../core/types';

/** Every failed call surfaces as this, with the text a person should read. */
export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 when no answer came at all (offline, timeout, server unreachable). */
    readonly status: number,
    readonly code: string | undefined = undefined,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The device or the server could not be reached: retry later rather than give up. */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

/** Maps ky's errors onto the spec's messages, preferring the server's own message when it sent one. */
export async function toApiError(error: unknown, timeoutMs: number): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const { status, statusText } = error.response;
    let body: Partial<ApiErrorBody> | undefined;
    try {
      body = (await error.response.clone().json()) as Partial<ApiErrorBody>;
    } catch {
      body = undefined;
    }
    return new ApiError(body?.message ?? `HTTP ${status}: ${statusText}`, status, body?.error);
  }
  if (error instanceof TimeoutError) return new ApiError(`Request timeout after ${timeoutMs}ms`, 0, 'timeout');
  return new ApiError('Network error. Please check your connection and try again.', 0, 'network');
}
