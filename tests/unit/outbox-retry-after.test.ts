import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { refusal, useOutboxBed } from './outboxServer';

vi.mock('../../src/sync/chatList', () => ({ pullChatList: () => Promise.resolve({ page: 1, totalPages: 1 }) }));

const { db } = await import('../../src/db/db');
const { retryAfterMs } = await import('../../src/api/errors');
const { cancelScheduledFlush, FIRST_RETRY_MS, flushOutbox, MAX_RETRY_AFTER_MS } = await import('../../src/sync/send/flush');

const RATE_LIMITED = 'Too many requests. Please try again later.';

// Timers (the scheduled flush) and Date; fake-indexeddb runs on setImmediate, left real.
const bed = useOutboxBed({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
const typeOffline = (content: string) => bed.typeOffline('chat-a', content);

/** Every answer is a 429 with this Retry-After until `bed.server.answer` is changed back. */
const rateLimited = (retryAfter: string) => () => refusal(429, 'rate_limited', RATE_LIMITED, { 'Retry-After': retryAfter });

describe('the outbox after a 429 with Retry-After', () => {
  it('keeps the messages waiting and flushes by itself once Retry-After has passed, in order', async () => {
    const first = await typeOffline('one');
    const second = await typeOffline('two');
    bed.server.answer = rateLimited('5');
    await flushOutbox();
    expect(bed.server.calls.map((call) => call.key)).toEqual([first]);
    expect(await db.outbox.get(first)).toMatchObject({ attempts: 1, last_error: RATE_LIMITED });

    bed.server.answer = () => undefined;
    await vi.advanceTimersByTimeAsync(4_999);
    expect(bed.server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(bed.server.stored).toEqual([first, second]));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });

  it(`waits at most ${MAX_RETRY_AFTER_MS / 1000} s, however long the server asks`, async () => {
    const id = await typeOffline('one');
    bed.server.answer = rateLimited('3600');
    await flushOutbox();

    bed.server.answer = () => undefined;
    await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS);
    await vi.waitFor(() => expect(bed.server.stored).toEqual([id]));
  });

  it('keeps one timer: a later Retry-After replaces the earlier one', async () => {
    await typeOffline('one');
    bed.server.answer = rateLimited('30');
    await flushOutbox();
    bed.server.answer = rateLimited('10');
    await flushOutbox();
    expect(bed.server.calls).toHaveLength(2);

    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(() => expect(bed.server.calls).toHaveLength(3));
    // The 30 s timer is gone; the 10 s flush, refused again, set the next one 10 s on.
    await vi.advanceTimersByTimeAsync(9_999);
    expect(bed.server.calls).toHaveLength(3);
    bed.server.answer = () => undefined;
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(bed.server.stored).toHaveLength(1));
  });

  it('flushes by itself after an answered wait without Retry-After (a restart, a 502), 2 s on and doubling', async () => {
    const id = await typeOffline('one');
    bed.server.answer = () => refusal(503, 'server_restarting', 'The server restarted while replying. Please try again.');
    await flushOutbox();
    expect(bed.server.calls).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(FIRST_RETRY_MS);
    await vi.waitFor(() => expect(bed.server.calls).toHaveLength(2));
    // Refused again: the next try waits twice as long.
    await vi.advanceTimersByTimeAsync(2 * FIRST_RETRY_MS - 1);
    expect(bed.server.calls).toHaveLength(2);
    bed.server.answer = () => undefined;
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(bed.server.stored).toEqual([id]));
  });

  it('schedules nothing after a 401 (the session is to be sorted out first), and a sign-out drops what was scheduled', async () => {
    await typeOffline('one');
    bed.server.answer = () => refusal(401, 'unauthorized', 'Invalid or expired access token');
    await flushOutbox();
    await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS * 2);
    expect(bed.server.calls).toHaveLength(1);

    bed.server.answer = rateLimited('5');
    await flushOutbox();
    expect(bed.server.calls).toHaveLength(2);
    cancelScheduledFlush();
    bed.server.answer = () => undefined;
    await vi.advanceTimersByTimeAsync(MAX_RETRY_AFTER_MS * 2);
    expect(bed.server.calls).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('retryAfterMs', () => {
  const now = Date.UTC(2026, 10, 21, 9);
  it('reads delay-seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs(new Date(now + 12_000).toUTCString(), now)).toBe(12_000);
    expect(retryAfterMs(new Date(now - 12_000).toUTCString(), now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeUndefined();
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs('-3', now)).toBeUndefined();
  });
});
