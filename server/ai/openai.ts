/**
 * Any OpenAI-compatible chat service (OpenAI, OpenRouter, Ollama, llama.cpp server…), streamed.
 *
 * LLM_BASE_URL is the API root *including* its version segment (`https://api.openai.com/v1`,
 * `http://localhost:11434/v1`); we append `/chat/completions` and nothing else, because that one
 * rule works for every service above while guessing a missing `/v1` would break the ones that
 * mount their API elsewhere (OpenRouter's is under `/api/v1`).
 */
import { createParser } from 'eventsource-parser';
import { thinkSplitter, type ReplyPiece } from '@core/chat/reasoning';
import type { Config } from '../config';
import { ProviderError, type AiProvider, type CompletionUsage, type StreamRequest } from './provider';
import { refusedWithSettings, samplingFields } from './sampling';
import { abortedError, midStreamError, statusError, timeoutError, unavailableError, unreadableError } from './provider-errors';

export type OpenAiSettings = Omit<Config['llm'], 'models'> & { baseUrl: string };

interface StreamChunk {
  error?: unknown;
  usage?: CompletionUsage | null;
  /** `reasoning_content`: DeepSeek's and most OpenAI-compatible servers' thinking; `reasoning`: OpenRouter's. */
  choices?: { delta?: { content?: string | null; reasoning_content?: string | null; reasoning?: string | null } }[];
}

export function createOpenAiProvider(llm: OpenAiSettings, fetchImpl: typeof fetch = fetch): AiProvider {
  const url = `${llm.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    kind: 'openai',
    complete(request) {
      let usage: CompletionUsage | undefined;
      const pieces = streamReply(url, llm, request, fetchImpl, (reported) => (usage = reported));
      return { stream: textOf(pieces), pieces, usage: () => usage };
    },
  };
}

async function* streamReply(
  url: string,
  llm: OpenAiSettings,
  request: StreamRequest,
  fetchImpl: typeof fetch,
  onUsage: (usage: CompletionUsage) => void,
): AsyncGenerator<ReplyPiece> {
  // One controller for the upstream call: our caller's abort and our own timers both end it, and
  // aborting it closes the connection, so the service stops generating for nobody.
  const upstream = new AbortController();
  const cancel = () => upstream.abort();
  request.signal.addEventListener('abort', cancel, { once: true });

  let timedOut = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startTimer = (ms: number) => {
    timer = setTimeout(() => {
      timedOut = true;
      upstream.abort();
    }, ms);
  };
  const stopTimer = () => clearTimeout(timer);

  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    if (request.signal.aborted) throw abortedError();
    startTimer(llm.connectTimeoutMs);
    const response = await fetchImpl(url, {
      method: 'POST',
      headers: requestHeaders(llm.apiKey),
      body: JSON.stringify({
        messages: request.messages,
        stream: true,
        ...samplingFields(llm, request.sampling ?? {}),
        stream_options: { include_usage: true },
      }),
      signal: upstream.signal,
      // A redirect could send the prompt, and the key, to a host nobody configured.
      redirect: 'manual',
    });
    if (isRedirect(response.status)) {
      await response.body?.cancel();
      throw redirectError();
    }
    // Still under the connect timer: an error body that never arrives is a timeout too.
    if (!response.ok) throw refusedWithSettings(await statusError(response, llm.apiKey), response.status, request.sampling ?? {});
    stopTimer();
    // A proxy's or captive portal's page answered instead of the service: no stream to read.
    if (!response.body || response.headers.get('content-type')?.startsWith('text/html')) throw unreadableError();

    reader = response.body.getReader();
    const think = thinkSplitter();
    const events: string[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event.data) });
    const decoder = new TextDecoder();
    for (;;) {
      // Idle time is counted only while we wait for bytes, not while our consumer is busy.
      startTimer(llm.idleTimeoutMs);
      const { done, value } = await reader.read();
      stopTimer();
      // Some servers close the body without sending [DONE]; a clean end is still a whole reply.
      if (done) return yield* think.end();
      parser.feed(decoder.decode(value, { stream: true }));
      for (const data of events.splice(0)) {
        if (data === '[DONE]') return yield* think.end();
        // Events already read in one batch must not outlive a cancel.
        if (request.signal.aborted) throw abortedError();
        const { reasoning, text } = readChunk(data, onUsage, llm.apiKey);
        if (reasoning) yield { reasoning };
        if (text) yield* think.push(text);
      }
    }
  } catch (error) {
    if (request.signal.aborted) throw abortedError();
    if (error instanceof ProviderError) throw error;
    throw timedOut ? timeoutError() : unavailableError();
  } finally {
    stopTimer();
    request.signal.removeEventListener('abort', cancel);
    reader?.cancel().catch(() => undefined);
    // Ends the connection when our consumer stopped early; does nothing after a complete reply.
    upstream.abort();
  }
}

const isRedirect = (status: number) => status >= 300 && status < 400;

const redirectError = () =>
  new ProviderError(
    'upstream_error',
    'The AI service answered with a redirect, which cardchat does not follow. Ask the operator to check LLM_BASE_URL.',
    502,
  );

function requestHeaders(apiKey: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'text/event-stream',
  };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  return headers;
}

/** The reply's text alone, for callers that do not keep reasoning. */
async function* textOf(pieces: AsyncIterable<ReplyPiece>): AsyncGenerator<string> {
  for await (const piece of pieces) if (typeof piece === 'string') yield piece;
}

/** The reasoning and text one SSE event adds; records usage when the event carries it. */
function readChunk(
  data: string,
  onUsage: (usage: CompletionUsage) => void,
  apiKey: string | undefined,
): { reasoning: string; text: string } {
  let chunk: StreamChunk;
  try {
    chunk = JSON.parse(data) as StreamChunk;
  } catch {
    throw unreadableError();
  }
  if (chunk.error) throw midStreamError(chunk, apiKey);
  if (typeof chunk.usage?.completion_tokens === 'number') {
    const { prompt_tokens, completion_tokens, total_tokens } = chunk.usage;
    onUsage({ prompt_tokens, completion_tokens, total_tokens });
  }
  const delta = chunk.choices?.[0]?.delta;
  const reasoning = delta?.reasoning_content ?? delta?.reasoning;
  const content = delta?.content;
  return { reasoning: typeof reasoning === 'string' ? reasoning : '', text: typeof content === 'string' ? content : '' };
}
