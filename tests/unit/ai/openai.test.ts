// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOpenAiProvider, type OpenAiSettings } from '../../../server/ai/openai';
import { ProviderError, type ProviderStream } from '../../../server/ai/provider';
import { testCard } from '../../support/cards';
import { FAKE_MIDSTREAM_ERROR, startFakeOpenAI, type FakeOpenAI } from '../../support/fakeOpenAI';

const API_KEY = 'sk-test-secret-key-123456';

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

function settings(overrides: Partial<OpenAiSettings> = {}): OpenAiSettings {
  return {
    baseUrl: fake.baseUrl,
    apiKey: API_KEY,
    model: 'fake-model',
    contextTokens: 8192,
    maxTokens: 256,
    temperature: 0.7,
    connectTimeoutMs: 200,
    idleTimeoutMs: 200,
    demoWordDelayMs: 0,
    ...overrides,
  };
}

function complete(llm = settings(), signal = new AbortController().signal): ProviderStream {
  return createOpenAiProvider(llm).complete({
    messages: [
      { role: 'system', content: 'You are Mira.' },
      { role: 'user', content: 'Hello there' },
    ],
    card: testCard({ name: 'Mira' }),
    userName: 'Ada',
    signal,
  });
}

/** Everything the stream yielded, and the error it ended with, if any. */
async function drain(reply: ProviderStream): Promise<{ pieces: string[]; error: unknown }> {
  const pieces: string[] = [];
  try {
    for await (const piece of reply.stream) pieces.push(piece);
    return { pieces, error: undefined };
  } catch (error) {
    return { pieces, error };
  }
}

async function failure(reply: ProviderStream): Promise<ProviderError> {
  const { error } = await drain(reply);
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('OpenAI-compatible provider', () => {
  it('streams the reply in order and sends the configured request', async () => {
    const { pieces, error } = await drain(complete());
    expect(error).toBeUndefined();
    expect(pieces.length).toBeGreaterThan(1);
    expect(pieces.join('')).toBe('You said: Hello there. This is the fake AI answering.');

    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(request?.body).toMatchObject({
      model: 'fake-model',
      stream: true,
      max_tokens: 256,
      temperature: 0.7,
      stream_options: { include_usage: true },
      messages: [
        { role: 'system', content: 'You are Mira.' },
        { role: 'user', content: 'Hello there' },
      ],
    });
  });

  it('reports the usage the service sent', async () => {
    const reply = complete();
    await drain(reply);
    expect(reply.usage()).toEqual({ prompt_tokens: 5, completion_tokens: 10, total_tokens: 15 });
  });

  it('sends no Authorization header without a key and accepts a base URL with a trailing slash', async () => {
    const { error } = await drain(complete(settings({ apiKey: undefined, baseUrl: `${fake.baseUrl}/` })));
    expect(error).toBeUndefined();
    expect(fake.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('maps 429 to upstream_rate_limited', async () => {
    fake.next({ kind: 'status', status: 429, retryAfter: '3' });
    const error = await failure(complete());
    expect([error.code, error.statusCode]).toEqual(['upstream_rate_limited', 503]);
    expect(error.message).toBe('The AI service is busy right now. Please try again in 3 seconds.');

    fake.next({ kind: 'status', status: 429 });
    expect((await failure(complete())).message).toBe('The AI service is busy right now. Please try again in a moment.');
  });

  it('maps 5xx and unreachable services to upstream_unavailable', async () => {
    fake.next({ kind: 'status', status: 500 });
    const error = await failure(complete());
    expect([error.code, error.statusCode]).toEqual(['upstream_unavailable', 502]);

    const closedUrl = fake.baseUrl;
    await fake.close();
    const unreachable = await failure(complete(settings({ baseUrl: closedUrl })));
    expect(unreachable.code).toBe('upstream_unavailable');
    fake = await startFakeOpenAI();
  });

  it('passes on the reason of other refusals without the key', async () => {
    fake.next({
      kind: 'status',
      status: 401,
      body: JSON.stringify({ error: { message: `Incorrect API key provided: ${API_KEY}.` } }),
    });
    const error = await failure(complete());
    expect([error.code, error.statusCode]).toEqual(['upstream_error', 502]);
    expect(error.message).toMatch(/^The AI service refused the request: Incorrect API key provided/);
    expect(error.message).not.toContain(API_KEY);
  });

  it('shortens a long plain-text refusal', async () => {
    fake.next({ kind: 'status', status: 404, body: `model not found ${'x'.repeat(1000)}` });
    const error = await failure(complete());
    expect(error.message).toContain('model not found');
    expect(error.message.length).toBeLessThan(300);
  });

  it('times out when no response headers arrive, and closes the connection', async () => {
    fake.next({ kind: 'hang' });
    const error = await failure(complete());
    expect([error.code, error.statusCode]).toEqual(['upstream_timeout', 504]);
    await vi.waitFor(() => expect(fake.aborted).toBe(1));
  });

  it('times out when the stream goes silent, keeping what arrived', async () => {
    fake.next({ kind: 'stall', afterWords: 2 });
    const { pieces, error } = await drain(complete());
    expect(pieces.join('')).toBe('You said: ');
    expect((error as ProviderError).code).toBe('upstream_timeout');
    await vi.waitFor(() => expect(fake.aborted).toBe(1));
  });

  it('ends with the service error sent mid-stream', async () => {
    fake.next({ kind: 'midstream-error', afterWords: 3 });
    const { pieces, error } = await drain(complete());
    expect(pieces.join('')).toBe('You said: Hello ');
    expect((error as ProviderError).code).toBe('upstream_error');
    expect((error as ProviderError).message).toContain(FAKE_MIDSTREAM_ERROR);
  });

  it('aborts the upstream call at once and ends with aborted', async () => {
    fake.next({ kind: 'reply', text: 'one two three four five six seven eight nine ten', chunkDelayMs: 100 });
    const controller = new AbortController();
    const reply = complete(settings({ idleTimeoutMs: 5000 }), controller.signal);
    const pieces: string[] = [];
    const error = await (async () => {
      try {
        for await (const piece of reply.stream) {
          pieces.push(piece);
          controller.abort();
        }
      } catch (caught) {
        return caught;
      }
    })();
    expect(pieces).toEqual(['one ']);
    expect(error).toBeInstanceOf(ProviderError);
    expect([(error as ProviderError).code, (error as ProviderError).statusCode]).toEqual(['aborted', 499]);
    await vi.waitFor(() => expect(fake.aborted).toBe(1));
  });

  it('aborts while waiting for the response headers', async () => {
    fake.next({ kind: 'hang' });
    const controller = new AbortController();
    const ended = failure(complete(settings({ connectTimeoutMs: 5000 }), controller.signal));
    await vi.waitFor(() => expect(fake.active).toBe(1));
    controller.abort();
    expect((await ended).code).toBe('aborted');
    await vi.waitFor(() => expect(fake.aborted).toBe(1));
  });

  it('closes the upstream connection when the consumer stops reading', async () => {
    fake.next({ kind: 'reply', text: 'one two three four five', chunkDelayMs: 100 });
    for await (const piece of complete().stream) {
      expect(piece).toBe('one ');
      break;
    }
    await vi.waitFor(() => expect(fake.aborted).toBe(1));
  });
});
