/**
 * The one error shape every response uses: `{ error: code, message }`. `code` is for programs,
 * `message` is for people, in the words docs/PRODUCT.md names where it names them.
 */
export class AppError extends Error {
  /** Sent as Retry-After: when a refusal of the moment (429, 503) may be tried again. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

export interface ErrorBody {
  error: string;
  message: string;
}

export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message = 'Access denied') => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const badRequest = (code: string, message: string) => new AppError(400, code, message);

/** Socket failures on the way to another service (database, bucket): it is down, restarting, unreachable or unresolvable. */
export const NETWORK_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
