/**
 * The ProviderErrors users see, one per kind of failure, worded so a user knows whether to wait,
 * retry or tell the operator; most describe an OpenAI-compatible service's failures.
 */
import { ProviderError } from './provider';

const MAX_DETAIL_CHARS = 200;
/** Error bodies are a few hundred bytes; a proxy's HTML page can be far bigger and is not worth reading. */
const MAX_ERROR_BODY_BYTES = 8192;

export const timeoutError = () => new ProviderError('upstream_timeout', 'The AI service took too long to answer. Please try again.', 504);

export const unavailableError = () =>
  new ProviderError('upstream_unavailable', 'The AI service is not reachable right now. Please try again.', 502);

export const abortedError = () => new ProviderError('aborted', 'The reply was cancelled.', 499);

/** A malformed stream is the service's fault, like a 5xx, but worth a distinct sentence in the log. */
export const unreadableError = () => new ProviderError('upstream_error', 'The AI service sent a reply that could not be read.', 502);

/** An `{error: {message}}` event in the middle of a streamed reply. */
export function midStreamError(payload: unknown, apiKey: string | undefined): ProviderError {
  const detail = sanitize(messageOf(payload), apiKey) || 'no reason given';
  return new ProviderError('upstream_error', `The AI service stopped answering: ${detail}`, 502);
}

/** A non-2xx answer to the request itself. */
export async function statusError(response: Response, apiKey: string | undefined): Promise<ProviderError> {
  if (response.status === 429) {
    await response.body?.cancel();
    const wait = retryAfterSeconds(response.headers.get('retry-after'));
    const when = wait === undefined ? 'in a moment' : `in ${wait} second${wait === 1 ? '' : 's'}`;
    return new ProviderError('upstream_rate_limited', `The AI service is busy right now. Please try again ${when}.`, 503);
  }
  if (response.status >= 500) {
    await response.body?.cancel();
    return unavailableError();
  }
  const body = await readStart(response);
  const detail = sanitize(detailOf(body), apiKey) || `HTTP ${response.status}`;
  return new ProviderError('upstream_error', `The AI service refused the request: ${detail}`, 502);
}

/** The service's own wait (seconds or an HTTP date), when it gives a sensible one (up to an hour). */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = /^\d+$/.test(header.trim()) ? Number(header) : Math.ceil((Date.parse(header) - Date.now()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 && seconds <= 3600 ? seconds : undefined;
}

async function readStart(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < MAX_ERROR_BODY_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text;
}

/** OpenAI says `{error: {message}}`; others say `{error: "…"}`, `{message}` or plain text. */
function detailOf(body: string): string {
  try {
    return messageOf(JSON.parse(body));
  } catch {
    return body.trimStart().startsWith('<') ? '' : body;
  }
}

function messageOf(payload: unknown): string {
  if (typeof payload === 'string') return payload;
  if (typeof payload !== 'object' || payload === null) return '';
  const { error, message } = payload as { error?: unknown; message?: unknown };
  if (error !== undefined) return messageOf(error);
  return typeof message === 'string' ? message : '';
}

/**
 * Upstream messages can quote the key (OpenAI's "Incorrect API key provided: sk-…"), so the key and
 * anything shaped like one are removed before the text reaches a user or a log.
 */
function sanitize(text: string, apiKey: string | undefined): string {
  let clean = text;
  if (apiKey) clean = clean.split(apiKey).join('[redacted]');
  clean = clean
    .replace(/\b(sk|pk|rk)-[A-Za-z0-9*_-]{6,}/g, '[redacted]')
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return clean.length > MAX_DETAIL_CHARS ? `${clean.slice(0, MAX_DETAIL_CHARS - 1)}…` : clean;
}
