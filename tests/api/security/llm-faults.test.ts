/**
 * Faults: whatever the LLM does wrong, the user gets a clear error and their message is
 * stored exactly once, however often the client re-sends it with the same Idempotency-Key; a reply
 * arrives once the LLM is back. The plain cases live in tests/api/completions.test.ts ('keeps the
 * user message and stores no reply when the service fails, and says why' for a 500 and its retry,
 * 'reports a rate-limited service with a clear message' for a 429, 'ends a stream that fails midway
 * with an error event' for an error event); these add the hanging, stalling and garbled services, and
 * the same message surviving each fault twice.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testCardPng } from '../../support/cards';
import { startFakeOpenAI, type FakeBehaviour, type FakeOpenAI } from '../../support/fakeOpenAI';
import { userOf, type Uploader } from '../cards';
import { complete, getChat, ownCard, parseStream } from '../chat-helpers';
import { createTestApp, databases, type TestApp } from '../helpers';

/** Short, so a hanging or stalled service is given up on quickly; the fake answers well within them. */
const CONNECT_TIMEOUT_MS = 400;
const IDLE_TIMEOUT_MS = 400;

const TIMEOUT = 'The AI service took too long to answer. Please try again.';
const UNREACHABLE = 'The AI service is not reachable right now. Please try again.';
const UNREADABLE = 'The AI service sent a reply that could not be read.';
const EMPTY = 'No response received';

interface Fault {
  name: string;
  behaviour: FakeBehaviour;
  /** 200 when the failure comes after the first words, as an `error` event in the stream. */
  status: number;
  error: string;
  message: string;
}

const FAULTS: Fault[] = [
  { name: 'hangs without sending headers', behaviour: { kind: 'hang' }, status: 504, error: 'upstream_timeout', message: TIMEOUT },
  {
    name: 'stalls in the middle of the reply',
    behaviour: { kind: 'stall', afterWords: 2 },
    status: 200,
    error: 'upstream_timeout',
    message: TIMEOUT,
  },
  { name: 'answers 500', behaviour: { kind: 'status', status: 500 }, status: 502, error: 'upstream_unavailable', message: UNREACHABLE },
  {
    name: 'answers 429 with Retry-After',
    behaviour: { kind: 'status', status: 429, retryAfter: '20' },
    status: 503,
    error: 'upstream_rate_limited',
    message: 'The AI service is busy right now. Please try again in 20 seconds.',
  },
  {
    name: 'sends a data line that is not JSON',
    behaviour: { kind: 'malformed', variant: 'not-json' },
    status: 502,
    error: 'upstream_error',
    message: UNREADABLE,
  },
  {
    name: 'sends a data line that is not JSON after some words',
    behaviour: { kind: 'malformed', variant: 'not-json', afterWords: 3 },
    status: 200,
    error: 'upstream_error',
    message: UNREADABLE,
  },
  {
    name: 'sends raw bytes that are not UTF-8',
    behaviour: { kind: 'malformed', variant: 'binary' },
    status: 502,
    error: 'upstream_error',
    message: UNREADABLE,
  },
  {
    name: 'sends events without choices',
    behaviour: { kind: 'malformed', variant: 'no-choices' },
    status: 502,
    error: 'upstream_empty',
    message: EMPTY,
  },
  {
    name: "sends a proxy's HTML page as 200",
    behaviour: { kind: 'malformed', variant: 'html' },
    status: 502,
    error: 'upstream_error',
    message: UNREADABLE,
  },
];

describe.each(databases)('an LLM that misbehaves (%s)', (dialect) => {
  let fake: FakeOpenAI;
  let test: TestApp;
  let user: Uploader;
  let card: string;

  beforeAll(async () => {
    fake = await startFakeOpenAI();
    test = await createTestApp(dialect, {
      LLM_BASE_URL: fake.baseUrl,
      LLM_CONNECT_TIMEOUT_MS: String(CONNECT_TIMEOUT_MS),
      LLM_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      // One user sends every fault three times within the minute; the limit has its own suite.
      RATE_LIMIT_COMPLETIONS_PER_MINUTE: '600',
    });
    user = await userOf(test, 'faults');
    card = await ownCard(test, user, testCardPng({ name: 'Fragile' }));
  });
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  /** Sends as the PWA does (streamed) and returns the failure, whether as an HTTP error or an `error` event. */
  async function send(chatId: string, key: string, text: string) {
    const response = await complete(test, user, { chatId, characterId: card, text, key, stream: true });
    if (response.statusCode !== 200) return { status: response.statusCode, failure: response.json(), stream: undefined };
    const stream = parseStream(response.body);
    return { status: 200, failure: stream.error, stream };
  }

  const messagesOf = async (chatId: string) =>
    ((await getChat(test, user, { chat_id: chatId })).json().data as { role: string; content: string }[]).map((m) => [m.role, m.content]);

  it.each(FAULTS)('when it $name: a clear error, the message kept once, a reply when it is back', async (fault) => {
    const chatId = randomUUID();
    const key = randomUUID();
    const text = `Still there? (${fault.name})`;

    for (let attempt = 0; attempt < 2; attempt += 1) {
      fake.next(fault.behaviour);
      const { status, failure, stream } = await send(chatId, key, text);
      expect(status).toBe(fault.status);
      expect(failure).toEqual({ error: fault.error, message: fault.message });
      expect(stream?.stored).toBeUndefined();
      expect(await messagesOf(chatId)).toEqual([['user', text]]);
    }

    const recovered = await send(chatId, key, text);
    expect(recovered.status).toBe(200);
    expect(recovered.failure).toBeUndefined();
    expect(recovered.stream?.stored?.reply?.content).toContain(`You said: ${text}`);
    expect(await messagesOf(chatId)).toEqual([
      ['user', text],
      ['assistant', recovered.stream!.stored!.reply!.content],
    ]);
  });
});
