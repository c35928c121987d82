/**
 * The app's own connectivity (src/lib/connectivity.ts) with fake timers: the probe schedule
 * (backoff, cap, reset on success), each trigger, and which answers count.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const {
  checkNow,
  connectivity,
  connectivityStore,
  MAX_PROBE_DELAY_MS,
  noteAnswer,
  noteNoAnswer,
  onReconnected,
  PROBE_TIMEOUT_MS,
  probeDelay,
  startConnectivity,
  STEADY_ONLINE_MS,
} = await import('../../src/lib/connectivity');

/** How the network treats GET /api/health. */
let network: 'up' | 'refused' | 'hanging' | 'gateway' | 'portal' = 'up';
let probes = 0;
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function health(_url: string, init: RequestInit): Promise<Response> {
  probes += 1;
  switch (network) {
    case 'up':
      return Promise.resolve(json(200, { status: 'ok' }));
    case 'refused':
      return Promise.reject(new TypeError('Failed to fetch'));
    case 'gateway':
      return Promise.resolve(new Response('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }));
    case 'portal':
      return Promise.resolve(
        new Response('<form>Accept the terms to browse</form>', { status: 200, headers: { 'content-type': 'text/html' } }),
      );
    case 'hanging':
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
  }
}

let deviceOnline = true;
let stop: () => void = () => undefined;
/** Lets the probe's promise chain run after the clock moved. */
const settle = () => vi.advanceTimersByTimeAsync(0);
const retryIn = () => {
  const { retryAt } = connectivityStore.get();
  return retryAt === null ? null : retryAt - Date.now();
};

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => deviceOnline);
  vi.stubGlobal('fetch', vi.fn(health));
  deviceOnline = true;
  network = 'up';
  probes = 0;
  // Each test starts online, with a fresh backoff (the device's online event starts one).
  noteAnswer(json(200, {}));
  stop = startConnectivity();
  window.dispatchEvent(new Event('online'));
  await settle();
  probes = 0;
});

afterEach(() => {
  stop();
  noteAnswer(json(200, {}));
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the probe schedule', () => {
  it('is about 1, 2, 4, 8... s, spread ±20 %, never over 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((n) => probeDelay(n, () => 0.5))).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
    expect(probeDelay(0, () => 0)).toBe(800);
    expect(probeDelay(0, () => 1)).toBe(1200);
    expect(probeDelay(3, () => 0)).toBe(6400);
    expect(probeDelay(5, () => 1)).toBe(MAX_PROBE_DELAY_MS);
  });

  it('probes while cardchat does not answer, backing off to the cap, and stops once it answers', async () => {
    network = 'refused';
    noteNoAnswer();
    expect(connectivity()).toBe('unreachable');
    for (const delay of [1000, 2000, 4000, 8000, 16000, 30000, 30000]) {
      expect(retryIn()).toBe(delay);
      const before = probes;
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(probes).toBe(before);
      await vi.advanceTimersByTimeAsync(1);
      expect(probes).toBe(before + 1);
    }
    network = 'up';
    await vi.advanceTimersByTimeAsync(30000);
    expect(connectivityStore.get()).toEqual({ status: 'online', retryAt: null });
    const answered = probes;
    await vi.advanceTimersByTimeAsync(10 * MAX_PROBE_DELAY_MS);
    expect(probes).toBe(answered);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('starts again at 1 s once cardchat has answered for a while; a failure straight after an answer keeps backing off', async () => {
    network = 'refused';
    noteNoAnswer();
    await vi.advanceTimersByTimeAsync(1000 + 2000 + 4000);
    expect(retryIn()).toBe(8000);
    network = 'up';
    await vi.advanceTimersByTimeAsync(8000);
    expect(connectivity()).toBe('online');

    // The probe answered but the next request did not: the server is not well yet, so no 1 s again.
    noteNoAnswer();
    expect(retryIn()).toBe(16000);

    noteAnswer(json(200, {}));
    await vi.advanceTimersByTimeAsync(STEADY_ONLINE_MS);
    noteNoAnswer();
    expect(retryIn()).toBe(1000);
  });

  it('counts a probe unanswered within 5 s as no answer (a network that hangs)', async () => {
    network = 'hanging';
    noteNoAnswer();
    await vi.advanceTimersByTimeAsync(1000);
    expect(probes).toBe(1);
    // On its way: the status line says it is trying now.
    expect(connectivityStore.get()).toEqual({ status: 'unreachable', retryAt: null });
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS - 1);
    expect(retryIn()).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(retryIn()).toBe(2000);
  });
});

describe('what probes at once', () => {
  it('the page becoming focused or visible, and checkNow (Try now, a send), while cardchat does not answer', async () => {
    network = 'refused';
    noteNoAnswer();
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(probes).toBe(1);
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(probes).toBe(2);
    await checkNow();
    expect(probes).toBe(3);
    // Each failed probe moved the backoff on; the next scheduled one is further away.
    expect(retryIn()).toBe(8000);

    network = 'up';
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(probes).toBe(4);
    expect(connectivity()).toBe('online');
    // Answered: focus and visibility no longer probe.
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    await checkNow();
    expect(probes).toBe(4);
  });

  it('never sends a second probe while one is on its way', async () => {
    network = 'hanging';
    noteNoAnswer();
    void checkNow();
    void checkNow();
    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(probes).toBe(1);
    await vi.advanceTimersByTimeAsync(PROBE_TIMEOUT_MS);
    expect(retryIn()).toBe(2000);
  });

  it("the device's online event probes from a fresh backoff; offline stops every probe", async () => {
    network = 'refused';
    noteNoAnswer();
    await vi.advanceTimersByTimeAsync(1000 + 2000);
    expect(retryIn()).toBe(4000);

    deviceOnline = false;
    window.dispatchEvent(new Event('offline'));
    expect(connectivityStore.get()).toEqual({ status: 'offline', retryAt: null });
    const before = probes;
    await vi.advanceTimersByTimeAsync(10 * MAX_PROBE_DELAY_MS);
    window.dispatchEvent(new Event('focus'));
    await checkNow();
    expect(probes).toBe(before);
    expect(vi.getTimerCount()).toBe(0);

    // Back: a probe at once; the network is not ready yet, so it goes on from 1 s.
    deviceOnline = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(probes).toBe(before + 1);
    expect(connectivity()).toBe('unreachable');
    expect(retryIn()).toBe(1000);
    network = 'up';
    await vi.advanceTimersByTimeAsync(1000);
    expect(connectivity()).toBe('online');
  });
});

describe('what counts as an answer', () => {
  it("cardchat's own answers, not a gateway's 5xx, a 5xx of its own, or a captive portal's page", async () => {
    network = 'refused';
    noteNoAnswer();
    noteAnswer(json(502, { error: 'ai_unavailable', message: 'The AI service is not reachable right now.' }));
    noteAnswer(new Response('<h1>502 Bad Gateway</h1>', { status: 502, headers: { 'content-type': 'text/html' } }));
    noteAnswer(new Response('<form>Log in to the Wi-Fi</form>', { status: 200, headers: { 'content-type': 'text/html' } }));
    expect(connectivity()).toBe('unreachable');
    noteAnswer(json(404, { error: 'not_found', message: 'Chat not found' }));
    expect(connectivity()).toBe('online');
  });

  it('a probe only when /api/health says ok', async () => {
    for (const answer of ['gateway', 'portal'] as const) {
      network = answer;
      noteNoAnswer();
      await checkNow();
      expect(connectivity(), answer).toBe('unreachable');
      noteAnswer(json(200, {}));
    }
    await vi.advanceTimersByTimeAsync(STEADY_ONLINE_MS);
    network = 'up';
    noteNoAnswer();
    await checkNow();
    expect(connectivity()).toBe('online');
  });

  it('the device saying offline wins over everything, at once', () => {
    deviceOnline = false;
    expect(connectivity()).toBe('offline');
    noteNoAnswer();
    expect(connectivityStore.get().status).toBe('offline');
  });
});

describe('onReconnected', () => {
  it('tells each return of cardchat once, after unreachable or offline', async () => {
    const back = vi.fn();
    const unsubscribe = onReconnected(back);
    noteAnswer(json(200, {}));
    expect(back).not.toHaveBeenCalled();

    network = 'refused';
    noteNoAnswer();
    await vi.advanceTimersByTimeAsync(1000);
    network = 'up';
    await vi.advanceTimersByTimeAsync(2000);
    noteAnswer(json(200, {}));
    expect(back).toHaveBeenCalledTimes(1);

    deviceOnline = false;
    window.dispatchEvent(new Event('offline'));
    deviceOnline = true;
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(back).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
