/**
 * Issue 13, the chain after a probe is answered, with fake timers: the session is re-checked (when
 * it is '(offline)') and then the outbox flushes, once; a 401 during the re-check still signs out; a
 * start-up with the server down keeps the user signed in and recovers by itself.
 */
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@core/contract';
import { ApiError } from '../../src/api/errors';
import { tokensOf } from './outboxServer';

const getProfile = vi.fn<() => Promise<UserProfile>>();
vi.mock('../../src/api/users', () => ({ getProfile: () => getProfile() }));
vi.mock('../../src/auth/oidc', () => ({
  openid: () => import('openid-client'),
  oidcConfiguration: () => Promise.reject(new Error('provider unreachable in unit tests')),
}));
const flushOutbox = vi.fn(() => Promise.resolve());
vi.mock('../../src/sync/outbox', () => ({ flushOutbox: () => flushOutbox(), cancelScheduledFlush: () => undefined }));

const { db } = await import('../../src/db/db');
const { refreshSession, sessionStore, watchConnectivity } = await import('../../src/auth/session');
const { loadTokens, saveTokens } = await import('../../src/auth/tokens');
const { connectivity, noteAnswer } = await import('../../src/lib/connectivity');
const { startOutboxTriggers } = await import('../../src/sync/outboxTriggers');

const profile: UserProfile = {
  email: 'ada@example.com',
  name: 'Ada',
  picture: null,
  uid: 'u1',
  sub: 's1',
  plan: 'normal',
  is_admin: false,
};
const networkError = () => new ApiError('Network error. Please check your connection and try again.', 0, 'network');

/** Whether GET /api/health is answered. */
let serverUp = false;
let probes = 0;
const stops: Array<() => void> = [];

/** A promise the test settles when it wants: the server's answer to the session check. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  vi.stubGlobal(
    'fetch',
    vi.fn(() => {
      probes += 1;
      return serverUp
        ? Promise.resolve(new Response('{"status":"ok"}', { headers: { 'content-type': 'application/json' } }))
        : Promise.reject(new TypeError('Failed to fetch'));
    }),
  );
  serverUp = false;
  probes = 0;
  localStorage.clear();
  await db.profile.clear();
  getProfile.mockReset();
  flushOutbox.mockClear();
  saveTokens(tokensOf('token-1', Date.now() + 3_600_000));
  await db.profile.put({ key: 'me', profile, lastLoginAt: Date.now() - 60_000 });
  noteAnswer(new Response('{}', { headers: { 'content-type': 'application/json' } }));
});

afterEach(() => {
  stops.splice(0).forEach((stop) => stop());
  noteAnswer(new Response('{}', { headers: { 'content-type': 'application/json' } }));
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The app's start-up (main.tsx): the session check, connectivity and its re-check, the outbox triggers. */
async function startApp(): Promise<void> {
  stops.push(watchConnectivity());
  window.dispatchEvent(new Event('online'));
  await refreshSession();
  stops.push(startOutboxTriggers());
}

/** Dexie's writes settle on their own schedule: waits for an expectation, moving the clock by 1 ms steps. */
const eventually = (check: () => unknown) => vi.waitFor(check, { interval: 1 });

describe('when cardchat answers again', () => {
  it("after a start-up with the server down: '(offline)', no sign-out, then the session is re-checked and the outbox flushed once", async () => {
    getProfile.mockRejectedValue(networkError());
    await startApp();
    expect(sessionStore.get()).toEqual({ status: 'offline', profile });
    expect(loadTokens()).not.toBeNull();
    expect(connectivity()).toBe('unreachable');
    expect(flushOutbox).not.toHaveBeenCalled();

    // The probes go on by themselves; nothing is re-checked or flushed while none is answered.
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(probes).toBeGreaterThanOrEqual(3);
    expect(getProfile).toHaveBeenCalledTimes(1);

    serverUp = true;
    const check = deferred<UserProfile>();
    getProfile.mockReturnValue(check.promise);
    await vi.advanceTimersByTimeAsync(8000);
    expect(connectivity()).toBe('online');
    expect(getProfile).toHaveBeenCalledTimes(2);
    // The flush waits for the session: sent under a session not yet confirmed, it would only fail.
    expect(flushOutbox).not.toHaveBeenCalled();

    check.resolve(profile);
    await eventually(() => expect(flushOutbox).toHaveBeenCalledTimes(1));
    expect(sessionStore.get()).toEqual({ status: 'signedIn', profile });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(flushOutbox).toHaveBeenCalledTimes(1);
    expect(getProfile).toHaveBeenCalledTimes(2);
  });

  it('signed in all along: flushes once, without re-checking the session', async () => {
    getProfile.mockResolvedValue(profile);
    await startApp();
    await eventually(() => expect(flushOutbox).toHaveBeenCalledTimes(1));
    flushOutbox.mockClear();

    // A send got no answer; the probes find cardchat again.
    const { noteNoAnswer } = await import('../../src/lib/connectivity');
    noteNoAnswer();
    await vi.advanceTimersByTimeAsync(1000);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(2000);
    expect(connectivity()).toBe('online');
    await eventually(() => expect(flushOutbox).toHaveBeenCalledTimes(1));
    expect(getProfile).toHaveBeenCalledTimes(1);
  });

  it('a 401 during the re-check signs out as before, forgets the device copy, and flushes nothing', async () => {
    getProfile.mockRejectedValue(networkError());
    await startApp();
    expect(sessionStore.get().status).toBe('offline');

    getProfile.mockRejectedValue(new ApiError('Invalid or expired access token', 401, 'unauthorized'));
    serverUp = true;
    await vi.advanceTimersByTimeAsync(1000);
    await eventually(() => expect(sessionStore.get()).toEqual({ status: 'signedOut' }));
    expect(loadTokens()).toBeNull();
    expect(await db.profile.get('me')).toBeUndefined();
    expect(flushOutbox).not.toHaveBeenCalled();
  });

  it('a gateway answering 502 to the session check is not cardchat back: the probes go on', async () => {
    getProfile.mockRejectedValue(new ApiError('HTTP 502: Bad Gateway', 502));
    await startApp();
    expect(sessionStore.get().status).toBe('offline');
    expect(connectivity()).toBe('unreachable');

    getProfile.mockResolvedValue(profile);
    serverUp = true;
    await vi.advanceTimersByTimeAsync(1000);
    await eventually(() => expect(flushOutbox).toHaveBeenCalledTimes(1));
    expect(sessionStore.get()).toEqual({ status: 'signedIn', profile });
  });
});
