import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '../../core/types';

const flushOutbox = vi.fn(() => Promise.resolve());
vi.mock('../../src/sync/outbox', () => ({ flushOutbox: () => flushOutbox() }));

const { sessionStore } = await import('../../src/auth/session');
const { startOutboxTriggers } = await import('../../src/sync/outboxTriggers');
const { sendMessage } = await import('../../src/sync/sendMessage');

const profile: UserProfile = { email: 'ada@example.com', name: 'Ada', picture: null, uid: 'u1', sub: 's1', plan: 'normal', is_admin: false };
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

beforeEach(() => {
  flushOutbox.mockClear();
  signedOut();
});

afterEach(() => {
  stop?.();
  stop = undefined;
  vi.restoreAllMocks();
});

describe('what flushes the outbox', () => {
  it('flushes at start-up when signed in, and whenever the session becomes signed in again', () => {
    fakeWorker({});
    signedIn();
    stop = startOutboxTriggers();
    expect(flushOutbox).toHaveBeenCalledTimes(1);

    offline();
    signedOut();
    expect(flushOutbox).toHaveBeenCalledTimes(1);
    signedIn();
    expect(flushOutbox).toHaveBeenCalledTimes(2);
  });

  it('flushes on online, on becoming visible and on the service worker\'s FLUSH_OUTBOX, only when signed in', () => {
    const worker = fakeWorker({});
    let visibility: DocumentVisibilityState = 'visible';
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    stop = startOutboxTriggers();
    const fire = () => {
      window.dispatchEvent(new Event('online'));
      document.dispatchEvent(new Event('visibilitychange'));
      worker.dispatchEvent(new MessageEvent('message', { data: { type: 'FLUSH_OUTBOX' } }));
    };

    offline();
    fire();
    expect(flushOutbox).not.toHaveBeenCalled();

    signedIn();
    flushOutbox.mockClear();
    fire();
    expect(flushOutbox).toHaveBeenCalledTimes(3);

    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    worker.dispatchEvent(new MessageEvent('message', { data: { type: 'SKIP_WAITING' } }));
    expect(flushOutbox).toHaveBeenCalledTimes(3);
  });
});

describe('Background Sync', () => {
  const seed = { chat_id: 'chat-a', character_name: 'Ada', character_id: 'card-1', filename: 'ada.png', card_type: 'public' as const, avatar_url: null };

  it('is registered when a message is queued offline', async () => {
    const register = vi.fn(() => Promise.resolve());
    fakeWorker({ sync: { register } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    offline();

    expect(await sendMessage({ seed, content: 'Later', userName: 'Grace', signal: new AbortController().signal })).toEqual({ kind: 'queued' });
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
