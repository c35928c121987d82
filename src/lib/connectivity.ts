import { appConfig } from '../config/appConfig';
import { createStore } from './store';

/**
 * Whether cardchat can be used right now (docs/PRODUCT.md, Session and offline): the app's own state, fed by what
 * requests actually do, because navigator.onLine only knows whether there is a network interface.
 * - online: the last request got an answer;
 * - unreachable: no answer (a network error or a timeout) although the device says it is online;
 * - offline: the device says so.
 */
export type Connectivity = 'online' | 'unreachable' | 'offline';

export interface ConnectivityState {
  status: Connectivity;
  /** While unreachable: when the next probe goes (epoch ms); null while one is on its way. */
  retryAt: number | null;
}

export const connectivityStore = createStore<ConnectivityState>(
  { status: navigator.onLine ? 'online' : 'offline', retryAt: null },
  (a, b) => a.status === b.status && a.retryAt === b.retryAt,
);

/** The state now. The device's own word wins at once, before its offline event has been handled. */
export function connectivity(): Connectivity {
  return navigator.onLine ? connectivityStore.get().status : 'offline';
}

/** The first wait between probes, doubled after each probe that gets no answer, up to the cap. */
export const FIRST_PROBE_DELAY_MS = 1_000;
export const MAX_PROBE_DELAY_MS = 30_000;
/** A probe that has not been answered in this time counts as no answer (a network that hangs). */
export const PROBE_TIMEOUT_MS = 5_000;
/**
 * How long cardchat must have answered before the next outage starts the probes at 1 s again: a server
 * that answers the probe but fails the session check at once must not be asked every second.
 */
export const STEADY_ONLINE_MS = 10_000;

/**
 * The wait before probe number `attempt` (0, 1, 2...): about 1, 2, 4, 8... s, never over 30 s. Each
 * is spread ±20 %, so the tabs and devices that lost the server together do not all come back at once.
 */
export function probeDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_PROBE_DELAY_MS, FIRST_PROBE_DELAY_MS * 2 ** attempt);
  return Math.round(Math.min(MAX_PROBE_DELAY_MS, base * (0.8 + 0.4 * random())));
}

/**
 * GET /api/health: cheap, unauthenticated, never cached. True only for cardchat's own healthy answer:
 * a gateway's 502 while the server restarts, its 503 with the database down, or a captive portal's
 * page is not cardchat back.
 */
export async function probeHealth(): Promise<boolean> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    const response = await fetch(`${appConfig.apiBaseUrl}/health`, { cache: 'no-store', signal: controller.signal });
    if (!response.ok) return false;
    return ((await response.json()) as { status?: unknown }).status === 'ok';
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

let attempt = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let probing = false;
/** Bumped by every change of state, so a probe's late result cannot undo newer news. */
let generation = 0;
let onlineSince = 0;

const set = (status: Connectivity, retryAt: number | null = null) => connectivityStore.set({ status, retryAt });

function stopProbing(): void {
  clearTimeout(timer);
  timer = undefined;
  generation += 1;
}

function becomeOnline(): void {
  if (connectivityStore.get().status === 'online') return;
  stopProbing();
  onlineSince = Date.now();
  set('online');
}

function becomeOffline(): void {
  stopProbing();
  set('offline');
}

/** Unreachable, with the next probe scheduled after the current backoff step. */
function scheduleProbe(): void {
  clearTimeout(timer);
  const delay = probeDelay(attempt);
  attempt += 1;
  set('unreachable', Date.now() + delay);
  timer = setTimeout(() => {
    timer = undefined;
    void checkNow();
  }, delay);
}

/**
 * A request got an answer: cardchat is there. cardchat's API answers JSON (or a reply's event stream);
 * anything else came from something in between (a captive portal's page, a proxy's error page). A 5xx
 * says nothing either way (an AI outage is answered with 502 while cardchat works; a gateway answers
 * 502 while it restarts), so neither changes anything.
 */
export function noteAnswer(response: Response): void {
  const type = response.headers.get('content-type') ?? '';
  if (response.status < 500 && /json|event-stream/.test(type)) becomeOnline();
}

/** A request got no answer (a network error, a timeout): unreachable, or offline if the device says so. */
export function noteNoAnswer(): void {
  if (!navigator.onLine) return becomeOffline();
  const { status } = connectivityStore.get();
  if (status === 'unreachable') return;
  // A clock set back since says nothing about how long cardchat has answered: start afresh then too.
  const answeredFor = Date.now() - onlineSince;
  if (status === 'online' && (answeredFor >= STEADY_ONLINE_MS || answeredFor < 0)) attempt = 0;
  generation += 1;
  scheduleProbe();
}

/**
 * Probes at once (the "Try now" button, a send, the page coming back, the device's online event)
 * unless cardchat is known to answer, the device is offline, or a probe is already on its way.
 */
export async function checkNow(): Promise<void> {
  if (probing) return;
  if (!navigator.onLine) return becomeOffline();
  const { status } = connectivityStore.get();
  if (status === 'online') return;
  clearTimeout(timer);
  timer = undefined;
  probing = true;
  const mine = generation;
  if (status === 'unreachable') set('unreachable', null);
  let answered = false;
  try {
    answered = await probeHealth();
  } finally {
    probing = false;
  }
  if (mine === generation) {
    if (answered) return becomeOnline();
    if (!navigator.onLine) return becomeOffline();
    return scheduleProbe();
  }
  // Newer news came while this probe was out and decides; an unreachable state still needs its next probe.
  if (connectivityStore.get().status === 'unreachable' && timer === undefined) scheduleProbe();
}

/** Calls `listener` each time cardchat answers again after it did not (or after the device was offline). */
export function onReconnected(listener: () => void): () => void {
  let was = connectivityStore.get().status;
  return connectivityStore.subscribe(() => {
    const now = connectivityStore.get().status;
    if (now === 'online' && was !== 'online') listener();
    was = now;
  });
}

/**
 * Follows the device (offline at once; online → probe now, the first try from a fresh backoff), and
 * probes at once when the page becomes visible or focused while cardchat is not known to answer.
 * Call once at start-up; returns what undoes it.
 */
export function startConnectivity(): () => void {
  const onOffline = () => becomeOffline();
  const onOnline = () => {
    attempt = 0;
    void checkNow();
  };
  const onBack = () => {
    if (document.visibilityState === 'visible' && connectivityStore.get().status !== 'online') void checkNow();
  };
  window.addEventListener('offline', onOffline);
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onBack);
  document.addEventListener('visibilitychange', onBack);
  return () => {
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('focus', onBack);
    document.removeEventListener('visibilitychange', onBack);
    stopProbing();
  };
}
