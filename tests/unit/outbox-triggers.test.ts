import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedOf } from './outboxServer';
import type { UserProfile } from '@core/contract';

const flushOutbox = vi.fn(() => Promise.resolve());
const cancelScheduledFlush = vi.fn();
vi.mock('../../src/sync/outbox', () => ({ flushOutbox: () => flushOutbox(), cancelScheduledFlush: () => cancelScheduledFlush() }));

const { sessionStore } = await import('../../src/auth/session');
const { noteAnswer, noteNoAnswer } = await import('../../src/lib/connectivity');
const { startOutboxTriggers } = await import('../../src/sync/outboxTriggers');
const { sendMessage } = await import('../../src/sync/sendMessage');

const profile: UserProfile = {
  email: 'ada@example.com',
  name: 'Ada',
  picture: null,
  uid: 'u1',
  sub: 's1',
  plan: 'normal',
  is_admin: false,
};
const signedIn = () => sessionStore.set({ status: 'signedIn', profile });
const offline = () => sessionStore.set({ status: 'offline', profile });
const signedOut = () => sessionStore.set({ status: 'signedOut' });

/** The page's service worker container: where the worker's messages arrive and Background Sync is asked for. */
function fakeWorker(registration: object) {
  const container = Object.assign(new EventTarget(), { ready: Promise.resolve(registration) });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container });
  return container;
}

let stop: (() => void) | undefined;

/** Flushes wait for the start-up clean-up of interrupted replies (a Dexie write) before they run. */
const flushes = (count: number) => vi.waitFor(() => expect(flushOutbox).toHaveBeenCalledTimes(count));
/** Long enough for a flush that should not happen to have happened. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 30));

beforeEach(() => {
  flushOutbox.mockClear();
  signedOut();
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('what flushes the outbox', () => {
  it('flushes at start-up when signed in, and whenever the session becomes signed in again', async () => {
    fakeWorker({});
    signedIn();
    stop = startOutboxTriggers();
    await flushes(1);

    cancelScheduledFlush.mockClear();
    offline();
    expect(cancelScheduledFlush).not.toHaveBeenCalled();
    // Signing out drops a flush scheduled for the user who was signed in.
    signedOut();
    expect(cancelScheduledFlush).toHaveBeenCalled();
    await quiet();
    expect(flushOutbox).toHaveBeenCalledTimes(1);
    signedIn();
    await flushes(2);
  });

  it("flushes when cardchat answers again, on becoming visible and on the service worker's FLUSH_OUTBOX, only when signed in", async () => {
    const worker = fakeWorker({});
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    // No probe may answer here: only the answer below brings cardchat back.
    vi.stubGlobal('fetch', () => new Promise(() => undefined));
    stop = startOutboxTriggers();
    const fire = () => {
      noteNoAnswer();
      noteAnswer(new Response('{}', { headers: { 'content-type': 'application/json' } }));
      document.dispatchEvent(new Event('visibilitychange'));
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'FLUSH_OUTBOX' } }));
    };

    offline();
    fire();
    await quiet();
    expect(flushOutbox).not.toHaveBeenCalled();

    signedIn();
    await flushes(1);
    flushOutbox.mockClear();
    fire();
    await flushes(3);

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    await quiet();
    expect(flushOutbox).toHaveBeenCalledTimes(3);
  });
});

describe('interrupted replies', () => {
  it("are cleared at start-up, so no reply cut off by a reload says 'Typing…' for ever", async () => {
    const { db } = await import('../../src/db/db');
    const row = { client_id: null, chat_id: 'chat-z', role: 'assistant' as const, name: 'Ada', send_date: '2026-11-21T00:00:00.000Z' };
    await db.messages.bulkPut([
      { ...row, id: 'reply-cut', seq: 2, content: 'half a rep', state: 'streaming' },
      { ...row, id: 'stored', seq: 1, content: 'whole', state: 'sent' },
    ]);
    fakeWorker({});
    stop = startOutboxTriggers();
    await vi.waitFor(async () => expect(await db.messages.get('reply-cut')).toBeUndefined());
    expect(await db.messages.get('stored')).toBeDefined();
  });
});

describe('Background Sync', () => {
  const seed = seedOf('chat-a');

  it('is registered when a message is queued offline', async () => {
    const register = vi.fn(() => Promise.resolve());
    fakeWorker({ sync: { register } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    offline();

    expect(await sendMessage({ seed, content: 'Later', userName: 'Grace', signal: new AbortController().signal })).toEqual({
      kind: 'queued',
    });
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('cardchat-outbox'));
  });

  it('is skipped without a session, and a browser without it or refusing it changes nothing', async () => {
    const refused = vi.fn(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    fakeWorker({ sync: { register: refused } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const send = () => sendMessage({ seed, content: 'Later', userName: 'Grace', signal: new AbortController().signal });

    expect(await send()).toEqual({ kind: 'queued' });
    offline();
    expect(await send()).toEqual({ kind: 'queued' });
    await vi.waitFor(() => expect(refused).toHaveBeenCalledTimes(1));

    fakeWorker({});
    expect(await send()).toEqual({ kind: 'queued' });
    // Only the send made with a session asked.
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
