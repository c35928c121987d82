import { createParser, type EventSourceMessage } from 'eventsource-parser';
import type { ApiErrorBody, ChatGetRequest, CompletionRequest, CompletionResult } from '@core/contract';
import { PAGE_SIZES } from '@core/contract/constants';
import * as routes from '@core/contract/routes';
import { noteNoAnswer } from '../lib/connectivity';
import { api } from './call';
import { ApiError, NETWORK_ERROR_MESSAGE } from './errors';
import { stallGuard } from './stallGuard';

/** A chat's page of messages (docs/PRODUCT.md, Limits). */
export const MESSAGES_PAGE_SIZE = PAGE_SIZES.messages;

/** POST /api/chats/get: one page of a chat's messages, oldest first within the page. */
export const getChatMessages = (request: ChatGetRequest) => api(routes.getChat, { body: { page_size: MESSAGES_PAGE_SIZE, ...request } });

/** POST /api/chats/photo: a portrait for a chat that has no card details. */
export const generateChatPhoto = (chatId: string) => api(routes.makeChatPhoto, { body: { chat_id: chatId } });

/**
 * GET /api/chat/completions/{key}: what the server stored for a completion, never asking the AI (after
 * Stop: the reply cut short). Rejects with ApiError 404 when it stored no reply.
 */
export const storedCompletion = (key: string) => api(routes.storedCompletion, { params: { id: key } });

export interface StreamOptions {
  /** The new user message's client id (or a regeneration's own id): retries with it are safe. */
  idempotencyKey: string;
  signal?: AbortSignal;
  /** The server has the message: it answered and its reply starts to stream. */
  onAnswer?: () => void;
  /** Each piece of reply text as it arrives. */
  onDelta: (text: string) => void;
  /** Each piece of a thinking model's reasoning as it arrives (before the reply's text). */
  onReasoning?: (text: string) => void;
}

/**
 * How long a completion may take to start answering. Longer than the 10 s of other calls,
 * because the server answers only once the AI's first words have arrived; Stop ends it any time.
 */
export const STREAM_START_TIMEOUT_MS = 60_000;

/**
 * POST /api/chat/completions with `stream: true`, read as the answer streams in (a Response, not
 * ky's JSON, which waits for the whole body). A request that goes quiet is watched (stallGuard), so a
 * network that hangs ends it as no answer rather than never. Resolves with what the server stored;
 * rejects with ApiError, or with the AbortError of `signal`.
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
    const response = await api(
      routes.completion,
      { body: { ...request, stream: true }, headers: { 'idempotency-key': options.idempotencyKey } },
      { read: 'response', accept: 'text/event-stream', signal: attempt.signal },
    );
    clearTimeout(startTimer);
    guard.progress();
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

interface ChunkEvent {
  choices?: { delta?: { content?: string | null; reasoning_content?: string | null } }[];
}

async function readStream(
  response: Response,
  { signal, onDelta, onReasoning }: StreamOptions,
  progress: () => void,
): Promise<CompletionResult> {
  let result: CompletionResult | undefined;
  let failure: ApiError | undefined;
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (event.event === 'stored') result = JSON.parse(event.data) as CompletionResult;
      else if (event.event === 'error') {
        const body = JSON.parse(event.data) as Partial<ApiErrorBody>;
        failure = new ApiError(body.message ?? 'The reply failed.', response.status, body.error);
      } else if (event.event === undefined && event.data !== '[DONE]') {
        const delta = (JSON.parse(event.data) as ChunkEvent).choices?.[0]?.delta;
        if (delta?.reasoning_content) onReasoning?.(delta.reasoning_content);
        if (delta?.content) onDelta(delta.content);
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
