import type { ApiError } from '../../api/errors';

/**
 * How a send, retry, regeneration or change ended; the rows in Dexie already say the same. `queued`:
 * it waits in the outbox (offline, or no answer came) and goes out on the next flush.
 */
export type DeliveryOutcome =
  | { kind: 'stored' }
  | { kind: 'stopped' }
  /**
   * `status`: the answer that said to wait (absent when none came); `retryAfterMs`: when the server
   * said to try again (429, 503 with Retry-After).
   */
  | { kind: 'queued'; status?: number; retryAfterMs?: number }
  | { kind: 'failed'; reason: string };

/** Which failures leave a queued message waiting instead of failing it. */
export type WaitPolicy = (error: ApiError) => boolean;

/** Another device or tab is sending this very message: the server answers it once, so wait for that. */
const inProgress = (error: ApiError) => error.status === 409 && error.code === 'in_progress';

/**
 * The live send (the user watching the window): only "no answer at all" waits. An answer about the
 * AI (502, 503...) is shown as the send's error with Retry, as before the outbox.
 */
export const waitWhenUnreachable: WaitPolicy = (error) => error.isNetwork || inProgress(error);

/**
 * The background replay: also the answers ky's retry policy treats as "try again" (408, 429, 502,
 * 503, 504) and a 401 that survived the refresh-once, since none of them says the message is wrong.
 * Any other 4xx (or a 500) is the server refusing it.
 */
export const waitUnlessRefused: WaitPolicy = (error) => waitWhenUnreachable(error) || [401, 408, 429, 502, 503, 504].includes(error.status);

/** The outcome of a try that has to wait: what the answer said, when one came. */
export function waiting(error: ApiError): Extract<DeliveryOutcome, { kind: 'queued' }> {
  return {
    kind: 'queued',
    ...(error.isNetwork ? {} : { status: error.status }),
    ...(error.retryAfterMs === undefined ? {} : { retryAfterMs: error.retryAfterMs }),
  };
}
