import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ApiErrorBody, ChatGetRequest, ChatGetResponse, ChatPhotoResponse, CompletionRequest, CompletionResult } from '@core/contract';
import { PAGE_SIZES } from '@core/contract/constants';
import { noteNoAnswer } from '../lib/connectivity';
import { authorizedFetch, isTimeout } from './authorizedFetch';
import { apiJson } from './client';
import { ApiError, errorFromResponse, NETWORK_ERROR_MESSAGE } from './errors';
import { stallGuard } from './stallGuard';

/** The spec's message page size (§9). */
export const MESSAGES_PAGE_SIZE = PAGE_SIZES.messages;

/** POST /api/chats/get: one page of a chat's messages, oldest first within the page. */
export const getChatMessages = (request: ChatGetRequest) =>
  apiJson<ChatGetResponse>('chats/get', { method: 'post', json: { page_size: MESSAGES_PAGE_SIZE, ...request } });

/** POST /api/chats/photo: a portrait for a chat that has no card details. */
export const generateChatPhoto = (chatId: string) =>
  apiJson<ChatPhotoResponse>('chats/photo', { method: 'post', json: { chat_id: chatId } });

export interface StreamOptions {
  /** The new user message's client id (or a regeneration's own id): retries with it are safe. */
  idempotencyKey: string;
  signal?: AbortSignal;
  /** The server has the message: it answered and its reply starts to stream. */
  onAnswer?: () => void;
  /** Each piece of reply text as it arrives. */
  onDelta: (text: string) => void;
}

/**
 * How long a completion may take to start answering. Longer than the spec's 10 s for other calls,
 * because the server answers only once the AI's first words have arrived; Stop ends it any time.
 */
export const STREAM_START_TIMEOUT_MS = 60_000;

/**
 * POST /api/chat/completions with `stream: true`. ky is not used because its response parsing waits
 * for the whole body; authorizedFetch applies the same refresh-once-on-401 rule. A request that goes
 * quiet is watched (stallGuard), so a network that hangs ends it as no answer rather than never.
 * Resolves with what the server stored; rejects with ApiError, or with the AbortError of `signal`.
 */
export async function streamCompletion(request: CompletionRequest, options: StreamOptions): Promise<CompletionResult> {
  // The caller's signal stays linked to the request until the reply has been read, so Stop also ends the body's stream.
  const attempt = new AbortController();
  const forward = () => attempt.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', forward, { once: true });
  if (options.signal?.aborted) forward();
  const started = Date.now();
  const timeOut = () => attempt.abort(new DOMException(`Request timeout after ${Date.now() - started}ms`, 'TimeoutError'));
  const guard = stallGuard(timeOut);
  // Only the wait for the answer's headers is bounded: a reply may stream for longer.
  const startTimer = setTimeout(timeOut, STREAM_START_TIMEOUT_MS);
  try {
    const response = await post(request, options.idempotencyKey, attempt.signal, options.signal);
    clearTimeout(startTimer);
    guard.progress();
    if (!response.ok) throw await errorFromResponse(response);
    options.onAnswer?.();
    // A server (or proxy) that answered in one piece instead of streaming still gave the result.
    if (response.headers.get('content-type')?.includes('application/json')) {
      const result = (await response.json()) as CompletionResult;
      if (result.message) options.onDelta(result.message);
      return result;
    }
    return await readStream(response, options, guard.progress);
  } finally {
    guard.stop();
    clearTimeout(startTimer);
    options.signal?.removeEventListener('abort', forward);
  }
}

/** The request, with its 401 retry; `signal` ends it, `stop` is the caller's own (Stop). */
async function post(
  request: CompletionRequest,
  idempotencyKey: string,
  signal: AbortSignal,
  stop: AbortSignal | undefined,
): Promise<Response> {
  try {
    return await authorizedFetch('chat/completions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify({ ...request, stream: true }),
      signal,
    });
  } catch (error) {
    if (stop?.aborted) throw stop.reason ?? error;
    if (isTimeout(signal.reason)) throw new ApiError((signal.reason as DOMException).message, 0, 'timeout');
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
  }
}

interface ChunkEvent {
  choices?: { delta?: { content?: string | null } }[];
}

async function readStream(response: Response, { signal, onDelta }: StreamOptions, progress: () => void): Promise<CompletionResult> {
  let result: CompletionResult | undefined;
  let failure: ApiError | undefined;
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (event.event === 'stored') result = JSON.parse(event.data) as CompletionResult;
      else if (event.event === 'error') {
        const body = JSON.parse(event.data) as Partial<ApiErrorBody>;
        failure = new ApiError(body.message ?? 'The reply failed.', response.status, body.error);
      } else if (event.event === undefined && event.data !== '[DONE]') {
        const text = (JSON.parse(event.data) as ChunkEvent).choices?.[0]?.delta?.content;
        if (text) onDelta(text);
      }
    },
  });
  if (!response.body) throw new ApiError('The server sent an empty answer.', response.status, 'empty_stream');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const chunk = await reader.read().catch((error: unknown) => {
        if (signal?.aborted) throw signal.reason ?? error;
        // The connection dropped, or went quiet with cardchat no longer answering (stallGuard).
        noteNoAnswer();
        throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
      });
      if (chunk.done) break;
      progress();
      parser.feed(chunk.value);
    }
  } finally {
    reader.releaseLock();
  }
  if (failure) throw failure;
  if (!result) throw new ApiError('The connection closed before the reply was saved.', 0, 'network');
  return result;
}
