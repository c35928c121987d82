/**
 * A send into a network that hangs (lie-fi, a captive portal) ends as waiting, not failed,
 * and goes out once when cardchat answers again; a slow AI behind a reachable server is not mistaken
 * for one. Fake timers drive the request's quiet time, the health probes and the backoff.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hang, useOutboxBed } from './outboxServer';

vi.mock('../../src/sync/chatList', () => ({ pullChatList: () => Promise.resolve({ page: 1, totalPages: 1 }) }));

const { db } = await import('../../src/db/db');
const { sessionStore } = await import('../../src/auth/session');
const { REQUEST_TIMEOUT_MS } = await import('../../src/api/client');
const { connectivity, PROBE_TIMEOUT_MS } = await import('../../src/lib/connectivity');
const { startOutboxTriggers } = await import('../../src/sync/send/triggers');

const bed = useOutboxBed({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
let stop: () => void = () => undefined;

beforeEach(() => {
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  sessionStore.set({
    status: 'signedIn',
    profile: { email: 'g@example.com', name: 'Grace', picture: null, uid: 'u1', sub: 'sub-1', plan: 'normal', is_admin: false },
  });
  stop = startOutboxTriggers();
});

afterEach(() => stop());

const userRow = (content: string) => db.messages.filter((message) => message.role === 'user' && message.content === content).first();
/** Dexie's writes settle on their own schedule: waits for an expectation, moving the clock by 1 ms steps. */
const eventually = (check: () => unknown) => vi.waitFor(check, { interval: 1 });

/** A reply stream that sends its first words, then nothing: it ends only when the request is aborted. */
function stalledStream(signal: AbortSignal | undefined, words: string): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`data: ${JSON.stringify({ choices: [{ delta: { content: words } }] })}\n\n`));
      signal?.addEventListener('abort', () => controller.error(signal.reason));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('a send into a network that hangs', () => {
  it('ends as waiting after the quiet time and an unanswered probe, then is delivered once when cardchat answers again', async () => {
    bed.server.answer = (call) => hang(call.signal);
    bed.server.health.network = 'hanging';
    const sending = bed.type('chat-a', 'Into the void');
    await eventually(() => expect(bed.server.calls).toHaveLength(1));

    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(bed.server.health.calls).toBe(1);
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
    expect(await sending).toEqual({ kind: 'queued' });
    const row = await userRow('Into the void');
    expect(row).toMatchObject({ state: 'pending' });
    expect(await db.outbox.get(row!.id)).toMatchObject({
      attempts: 1,
      last_error: `Request timeout after ${REQUEST_TIMEOUT_MS + PROBE_TIMEOUT_MS}ms`,
    });
    expect(connectivity()).toBe('unreachable');
    expect(bed.server.stored).toEqual([]);

    // The network is well again; the next probe (1 s on) finds cardchat and the outbox flushes.
    bed.server.answer = () => undefined;
    bed.server.health.network = 'up';
    await vi.advanceTimersByTimeAsync(1000);
    expect(connectivity()).toBe('online');
    await eventually(async () => expect((await userRow('Into the void'))?.state).toBe('sent'));
    expect(bed.server.stored).toEqual([row!.id]);
    expect(bed.server.calls.map((call) => call.key)).toEqual([row!.id, row!.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a reply that stops arriving mid-stream ends as waiting too; the replay gets the stored reply, not a second one', async () => {
    bed.server.answer = (call) => {
      // The server stored the message and its reply; only the way back hangs.
      bed.server.store(call);
      return stalledStream(call.signal, 'Half a ');
    };
    bed.server.health.network = 'hanging';
    const sending = bed.type('chat-a', 'Cut off');
    await eventually(() => expect(bed.server.calls).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS + PROBE_TIMEOUT_MS);
    expect(await sending).toEqual({ kind: 'queued' });
    expect((await userRow('Cut off'))?.state).toBe('pending');

    bed.server.answer = () => undefined;
    bed.server.health.network = 'up';
    await vi.advanceTimersByTimeAsync(1000);
    await eventually(async () => expect((await userRow('Cut off'))?.state).toBe('sent'));
    expect(bed.server.stored).toHaveLength(1);
    const replies = await db.messages.filter((message) => message.role === 'assistant').toArray();
    expect(replies.map((reply) => reply.content)).toEqual(['Re: Cut off']);
  });

  it('is not a slow AI: while /api/health answers, the send keeps waiting and is answered once', async () => {
    let answered!: (result: Response | undefined) => void;
    bed.server.answer = () => new Promise((resolve) => (answered = resolve));
    const sending = bed.type('chat-a', 'Think hard');
    await eventually(() => expect(bed.server.calls).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(2 * REQUEST_TIMEOUT_MS + PROBE_TIMEOUT_MS);
    expect(bed.server.health.calls).toBe(2);
    expect(connectivity()).toBe('online');

    answered(undefined);
    expect(await sending).toEqual({ kind: 'stored' });
    expect(bed.server.calls).toHaveLength(1);
    expect(bed.server.stored).toHaveLength(1);
  });
});
