/**
 * A fake OpenAI-compatible service for tests: POST /v1/chat/completions on 127.0.0.1, answering
 * each request with a queued behaviour (a reply, an error status, a hang, a stall...).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makePng } from '@core/card/index';

export type FakeBehaviour =
  /**
   * `text` defaults to "You said: <last user message>. …"; one word per SSE chunk. With `fromSystem`
   * (a regular expression's source), `$1`… in `text` are its groups matched in the prompt's system
   * messages: a reply that says what the prompt told the model (who the user is, say).
   */
  /**
   * `reasoning`: a thinking model's reasoning streamed first, word by word, as `reasoning_content`
   * deltas (or `reasoning`, OpenRouter's name, with `reasoningField`).
   */
  | {
      kind: 'reply';
      text?: string;
      chunkDelayMs?: number;
      fromSystem?: string;
      reasoning?: string;
      reasoningField?: 'reasoning_content' | 'reasoning';
    }
  | { kind: 'status'; status: number; body?: string; retryAfter?: string }
  /** Response headers are never sent. */
  | { kind: 'hang' }
  /** Streams `afterWords` words, then goes silent without ending. */
  | { kind: 'stall'; afterWords: number }
  /** Streams `afterWords` words, then an `{error: {message}}` event, then ends. */
  | { kind: 'midstream-error'; afterWords: number }
  /** Answers 200 with a body that is not a readable OpenAI stream (see MalformedStream), then ends. */
  | { kind: 'malformed'; variant: MalformedStream; afterWords?: number };

/**
 * `not-json`: a data line cut off in the middle of its JSON; `binary`: a data line of raw bytes that
 * are not UTF-8; `no-choices`: well-formed events that never carry a choice (then [DONE]); `html`: a
 * proxy's error page sent as 200 text/html.
 */
export type MalformedStream = 'not-json' | 'binary' | 'no-choices' | 'html';

export interface FakeOpenAI {
  /** Ends with /v1, like a real LLM_BASE_URL. */
  baseUrl: string;
  requests: { body: any; headers: Record<string, string> }[];
  /** Requests whose client closed the connection before the reply ended. */
  aborted: number;
  /** Requests being answered right now. */
  active: number;
  /** When each content piece of the latest streamed reply was written (ms since the epoch, sub-ms). */
  sentAt: number[];
  next(behaviour: FakeBehaviour): void;
  /** Queues a behaviour for the next request whose messages contain every one of `texts` (a summary request, say), before `next`'s. */
  nextWhen(texts: string[], behaviour: FakeBehaviour): void;
  setDefault(behaviour: FakeBehaviour): void;
  close(): Promise<void>;
}

export const FAKE_MIDSTREAM_ERROR = 'The fake model crashed.';

/** What POST /v1/images/generations paints: an 8×8 PNG. */
const FAKE_PICTURE = makePng({ width: 8, height: 8, rgba: new Uint8Array(8 * 8 * 4).fill(180) });

/** The default 'reply' behaviour's text, answering the last user message `text`. */
export const defaultReplyTo = (text: string) => `You said: ${text}. This is the fake AI answering.`;

/** POST a FakeBehaviour here (relative to the origin, not baseUrl) to queue it for the next request. */
export const CONTROL_PATH = '/fake/next';
export const LAST_PROMPT_PATH = '/fake/last-prompt';

interface Message {
  role: string;
  content: string;
}

export async function startFakeOpenAI(options: { default?: FakeBehaviour } = {}): Promise<FakeOpenAI> {
  const queue: FakeBehaviour[] = [];
  const when: { texts: string[]; behaviour: FakeBehaviour }[] = [];
  let fallback: FakeBehaviour = options.default ?? { kind: 'reply' };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      // Tests in other processes (e2e workers) queue behaviours over HTTP.
      if (req.method === 'POST' && req.url === CONTROL_PATH) {
        queue.push(body as FakeBehaviour);
        res.writeHead(204).end();
        return;
      }
      // Tests in other processes read the prompt the server last sent.
      if (req.method === 'GET' && req.url === LAST_PROMPT_PATH) {
        const last = fake.requests.findLast((request) => Array.isArray(request.body?.messages));
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(last?.body ?? null));
        return;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([name, value]) => [name, [value ?? ''].flat().join(', ')]));
      fake.requests.push({ body, headers });
      fake.active += 1;
      res.on('close', () => {
        fake.active -= 1;
        if (!res.writableFinished) fake.aborted += 1;
      });
      if (req.method === 'POST' && req.url === '/v1/images/generations') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: [{ b64_json: Buffer.from(FAKE_PICTURE).toString('base64') }] }));
        return;
      }
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `No route ${req.method} ${req.url}` } }));
        return;
      }
      const asked = JSON.stringify(body.messages ?? []);
      const matched = when.findIndex((item) => item.texts.every((text) => asked.includes(text)));
      void answer(matched >= 0 ? when.splice(matched, 1)[0]!.behaviour : (queue.shift() ?? fallback), body, res, fake);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeOpenAI = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: [],
    aborted: 0,
    active: 0,
    sentAt: [],
    next: (behaviour) => void queue.push(behaviour),
    nextWhen: (texts, behaviour) => void when.push({ texts, behaviour }),
    setDefault: (behaviour) => void (fallback = behaviour),
    close: () =>
      new Promise<void>((resolve, reject) => {
        // Hanging and stalled replies would keep close() waiting for ever.
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
  return fake;
}

async function answer(behaviour: FakeBehaviour, body: any, res: http.ServerResponse, fake: Pick<FakeOpenAI, 'sentAt'>): Promise<void> {
  const messages: Message[] = Array.isArray(body.messages) ? body.messages : [];
  const lastUser = messages.findLast((message) => message.role === 'user')?.content ?? '';
  switch (behaviour.kind) {
    case 'status': {
      const json = behaviour.body === undefined || behaviour.body.startsWith('{');
      res.writeHead(behaviour.status, {
        'content-type': json ? 'application/json' : 'text/plain',
        ...(behaviour.retryAfter ? { 'retry-after': behaviour.retryAfter } : {}),
      });
      res.end(behaviour.body ?? JSON.stringify({ error: { message: `Fake error ${behaviour.status}` } }));
      return;
    }
    case 'hang':
      return;
    case 'reply': {
      const text = behaviour.text === undefined ? defaultReplyTo(lastUser) : fromSystem(behaviour.text, behaviour.fromSystem, messages);
      const usage = fakeUsage(messages, text);
      if (!body.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: text } }], usage }));
        return;
      }
      startEvents(res);
      for (const word of words(behaviour.reasoning ?? '')) {
        if (res.destroyed) return;
        sendEvent(res, {
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta: { [behaviour.reasoningField ?? 'reasoning_content']: word } }],
        });
        if (behaviour.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.chunkDelayMs));
      }
      fake.sentAt = [];
      for (const word of words(text)) {
        if (res.destroyed) return;
        sendEvent(res, contentChunk(word));
        fake.sentAt.push(performance.timeOrigin + performance.now());
        if (behaviour.chunkDelayMs) await new Promise((resolve) => setTimeout(resolve, behaviour.chunkDelayMs));
      }
      if (res.destroyed) return;
      sendEvent(res, { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] });
      if (body.stream_options?.include_usage) sendEvent(res, { choices: [], usage });
      res.end('data: [DONE]\n\n');
      return;
    }
    case 'stall':
    case 'midstream-error':
      startEvents(res);
      for (const word of words(`You said: ${lastUser}. This reply will not end well.`).slice(0, behaviour.afterWords)) {
        sendEvent(res, contentChunk(word));
      }
      if (behaviour.kind === 'midstream-error') {
        sendEvent(res, { error: { message: FAKE_MIDSTREAM_ERROR } });
        res.end();
      }
      return;
    case 'malformed':
      sendMalformed(res, behaviour.variant, words(`You said: ${lastUser}. This reply is garbled.`).slice(0, behaviour.afterWords ?? 0));
      return;
  }
}

/** `text` with `$1`… taken from the system messages by `pattern`; `(no match)` when it finds nothing. */
function fromSystem(text: string, pattern: string | undefined, messages: Message[]): string {
  if (pattern === undefined) return text;
  const system = messages
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');
  const match = new RegExp(pattern).exec(system);
  return text.replace(/\$(\d)/g, (_all, group: string) => match?.[Number(group)] ?? '(no match)');
}

function sendMalformed(res: http.ServerResponse, variant: MalformedStream, before: string[]): void {
  if (variant === 'html') {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
    return;
  }
  startEvents(res);
  for (const word of before) sendEvent(res, contentChunk(word));
  switch (variant) {
    case 'not-json':
      res.write('data: {"choices":[{"delta":{"content":"Hel\n\n');
      break;
    case 'binary':
      res.write(Buffer.concat([Buffer.from('data: '), Buffer.from([0xff, 0xfe, 0x00, 0x9c, 0xc3, 0x28, 0x80, 0x7b]), Buffer.from('\n\n')]));
      break;
    case 'no-choices':
      for (let i = 0; i < 3; i += 1) sendEvent(res, { id: `chunk-${i}`, object: 'chat.completion.chunk' });
      break;
  }
  res.end('data: [DONE]\n\n');
}

function startEvents(res: http.ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
}

function sendEvent(res: http.ServerResponse, data: unknown): void {
  res.write(`data: ${JSON.stringify(data)}\n\n`);
}

function contentChunk(text: string) {
  return { object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: text }, finish_reason: null }] };
}

/** Words with their trailing space, so the chunks join back into the exact text. */
function words(text: string): string[] {
  return text.match(/\S+\s*/g) ?? [];
}

/** A word is a token here: deterministic, which is all tests need. */
function fakeUsage(messages: Message[], text: string) {
  const prompt_tokens = messages.reduce((sum, message) => sum + words(String(message.content)).length, 0);
  const completion_tokens = words(text).length;
  return { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
}
