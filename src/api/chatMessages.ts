import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type {
  ApiErrorBody,
  ChatGetRequest,
  ChatGetResponse,
  ChatPhotoResponse,
  CompletionRequest,
  CompletionResult,
} from '../../core/contract';
import { PAGE_SIZES } from '../../core/contract/constants';
import { authorizedFetch } from './authorizedFetch';
import { apiJson } from './client';
import { ApiError, errorFromResponse, NETWORK_ERROR_MESSAGE } from './errors';

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
 * for the whole body; authorizedFetch applies the same refresh-once-on-401 rule.
 * Resolves with what the server stored; rejects with ApiError, or with the AbortError of `signal`.
 */
export async function streamCompletion(request: CompletionRequest, options: StreamOptions): Promise<CompletionResult> {
  const response = await post(request, options);
  if (!response.ok) throw await errorFromResponse(response);
  // A server (or proxy) that answered in one piece instead of streaming still gave the result.
  if (response.headers.get('content-type')?.includes('application/json')) {
    const result = (await response.json()) as CompletionResult;
    if (result.message) options.onDelta(result.message);
    return result;
  }
  return readStream(response, options);
}

/**
 * The request, with its 401 retry. Only the wait for the answer's headers is bounded: a reply may
 * stream for longer. The caller's signal stays linked to the request after it returns, so Stop also
 * ends the body's stream.
 */
async function post(request: CompletionRequest, { idempotencyKey, signal }: StreamOptions): Promise<Response> {
  const attempt = new AbortController();
  const forward = () => attempt.abort(signal?.reason);
  signal?.addEventListener('abort', forward, { once: true });
  if (signal?.aborted) forward();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    attempt.abort();
  }, STREAM_START_TIMEOUT_MS);
  try {
    return await authorizedFetch('chat/completions', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify({ ...request, stream: true }),
      signal: attempt.signal,
    });
  } catch (error) {
    if (signal?.aborted) throw signal.reason ?? error;
    if (timedOut) throw new ApiError(`Request timeout after ${STREAM_START_TIMEOUT_MS}ms`, 0, 'timeout');
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
  } finally {
    clearTimeout(timer);
  }
}

interface ChunkEvent {
  choices?: { delta?: { content?: string | null } }[];
}

async function readStream(response: Response, { signal, onDelta }: StreamOptions): Promise<CompletionResult> {
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
        throw new ApiError(NETWORK_ERROR_MESSAGE, 0, 'network');
      });
      if (chunk.done) break;
      parser.feed(chunk.value);
    }
  } finally {
    reader.releaseLock();
  }
  if (failure) throw failure;
  if (!result) throw new ApiError('The connection closed before the reply was saved.', 0, 'network');
  return result;
}
