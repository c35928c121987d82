// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReplyPiece } from '@core/chat/reasoning';
import { createOpenAiProvider } from '../../../server/ai/openai';
import { testCard } from '../../support/cards';
import { startFakeOpenAI, type FakeOpenAI } from '../../support/fakeOpenAI';

let fake: FakeOpenAI;
beforeEach(async () => {
  fake = await startFakeOpenAI();
});
afterEach(async () => {
  await fake.close();
});

function complete() {
  return createOpenAiProvider({
    baseUrl: fake.baseUrl,
    apiKey: undefined,
    model: 'fake-model',
    contextTokens: 8192,
    maxTokens: 256,
    temperature: 0.7,
    connectTimeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    demoWordDelayMs: 0,
  }).complete({
    messages: [{ role: 'user', content: 'Hi' }],
    card: testCard({ name: 'Mira' }),
    userName: 'Ada',
    signal: new AbortController().signal,
  });
}

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const piece of stream) all.push(piece);
  return all;
}

const joined = (pieces: ReplyPiece[]) => ({
  reasoning: pieces.map((piece) => (typeof piece === 'string' ? '' : piece.reasoning)).join(''),
  text: pieces.map((piece) => (typeof piece === 'string' ? piece : '')).join(''),
});

describe("a thinking model's reasoning from an OpenAI-compatible service", () => {
  it.each(['reasoning_content', 'reasoning'] as const)('comes as reasoning pieces from %s deltas, before the text', async (field) => {
    fake.next({ kind: 'reply', reasoning: 'Let me think.', reasoningField: field, text: 'Done.' });
    const pieces = await collect(complete().pieces!);
    expect(joined(pieces)).toEqual({ reasoning: 'Let me think.', text: 'Done.' });
    expect(typeof pieces[0]).toBe('object');
  });

  it('is split off a leading <think> block in the content', async () => {
    fake.next({ kind: 'reply', text: '<think> Step one. </think> Answer.' });
    expect(joined(await collect(complete().pieces!))).toEqual({ reasoning: ' Step one. ', text: 'Answer.' });
  });

  it('is left out of the text-only stream', async () => {
    fake.next({ kind: 'reply', reasoning: 'Hidden.', text: '<think>x</think>Shown.' });
    expect((await collect(complete().stream)).join('')).toBe('Shown.');
  });
});
