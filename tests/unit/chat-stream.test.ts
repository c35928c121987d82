import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CompletionResult } from '@core/contract';

const accessToken = vi.fn<(options?: { forceRefresh?: boolean }) => Promise<string | null>>();
vi.mock('../../src/auth/refresh', () => ({ accessToken: (options?: { forceRefresh?: boolean }) => accessToken(options) }));

const { streamCompletion } = await import('../../src/api/chatMessages');
const { ApiError } = await import('../../src/api/errors');

const result = { message: 'Hi', content: 'Hi', chat_id: 'c', reply: { content: 'Hi' } } as CompletionResult;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const sse = (text: string) => new Response(text, { status: 200, headers: { 'content-type': 'text/event-stream' } });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  accessToken.mockImplementation((options) => Promise.resolve(options?.forceRefresh ? 'fresh-token' : 'old-token'));
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const authorization = (call: number) =>
  (fetchMock.mock.calls[call]![1] as RequestInit & { headers: Record<string, string> }).headers.Authorization;

describe('streaming a completion', () => {
  it('refreshes the token once on 401 and sends again with the same key', async () => {
    fetchMock.mockResolvedValueOnce(json(401, { error: 'unauthorized', message: 'Authentication required' }));
    fetchMock.mockResolvedValueOnce(sse(`event: stored\ndata: ${JSON.stringify(result)}\n\ndata: [DONE]\n\n`));
    const onDelta = vi.fn();
    await expect(streamCompletion({ chat_id: 'c' }, { idempotencyKey: 'k1', onDelta })).resolves.toEqual(result);
    expect([authorization(0), authorization(1)]).toEqual(['Bearer old-token', 'Bearer fresh-token']);
    expect(fetchMock.mock.calls.map((call) => (call[1] as { headers: Record<string, string> }).headers['Idempotency-Key'])).toEqual([
      'k1',
      'k1',
    ]);
  });

  it("gives up after the second 401, with the server's message", async () => {
    fetchMock.mockResolvedValue(json(401, { error: 'unauthorized', message: 'Authentication required' }));
    const failure = await streamCompletion({ chat_id: 'c' }, { idempotencyKey: 'k2', onDelta: vi.fn() }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, message: 'Authentication required' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('hands over each piece of text in order, split across network chunks anywhere', async () => {
    const events = ['Hel', 'lo ', 'there']
      .map((text) => `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`)
      .join('');
    const whole = `${events}event: stored\ndata: ${JSON.stringify(result)}\n\ndata: [DONE]\n\n`;
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        // Cut every 7 bytes: events, and even lines, arrive in pieces.
        for (let i = 0; i < whole.length; i += 7) controller.enqueue(encoder.encode(whole.slice(i, i + 7)));
        controller.close();
      },
    });
    fetchMock.mockResolvedValueOnce(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    const pieces: string[] = [];
    await streamCompletion({ chat_id: 'c' }, { idempotencyKey: 'k3', onDelta: (text) => pieces.push(text) });
    expect(pieces).toEqual(['Hel', 'lo ', 'there']);
  });

  it('fails when the stream ends without the stored reply', async () => {
    fetchMock.mockResolvedValueOnce(sse(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: 'Half' } }] })}\n\n`));
    await expect(streamCompletion({ chat_id: 'c' }, { idempotencyKey: 'k4', onDelta: vi.fn() })).rejects.toBeInstanceOf(ApiError);
  });
});
