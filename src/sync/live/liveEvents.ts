import type { ReplyDelta, StoredEvent } from '@core/contract';
import { apiUrl, authorizedFetchUrl } from '../../api/authorizedFetch';
import { deviceId } from '../../api/deviceId';
import { sessionStore } from '../../auth/session';
import { loadTokens } from '../../auth/tokens';
import { pullChatList } from '../chatList';
import { pullFavorites } from '../favorites';
import { applyDelta, applyEvent } from './applyEvent';
import { readServerSentEvents, type ServerSentEvent } from './serverSentEvents';

/** The first wait before connecting again after the stream failed, doubled each time up to the cap. */
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 30_000;
/**
 * The server sends a heartbeat every 15 s: this long without a byte, the connection is taken for dead
 * (a proxy or a network that hangs without closing it) and made again.
 */
const SILENCE_MS = 45_000;

/** Where this device stands in the person's events, kept per person across reloads. */
const cursorKey = () => `cardchat.events.${loadTokens()?.subject ?? ''}`;

const signedIn = () => sessionStore.get().status === 'signedIn';

/** What one event does here; events are handled one at a time, in order. */
async function handle(event: ServerSentEvent): Promise<void> {
  if (event.event === 'reply.delta') {
    const delta = JSON.parse(event.data) as ReplyDelta;
    if (delta.origin !== deviceId()) await applyDelta(delta);
    return;
  }
  if (event.event === 'resync') {
    // Away longer than the server keeps events: the lists are pulled again, as a fresh start does.
    await Promise.all([pullChatList(), pullFavorites(1)]);
  } else if (event.event !== 'ready') {
    const stored = JSON.parse(event.data) as StoredEvent;
    if (stored.origin !== deviceId()) await applyEvent(stored);
  }
  if (event.id !== undefined) localStorage.setItem(cursorKey(), event.id);
}

/**
 * One connection: resolves when the server or the network ends it. Its failure never moves the
 * app's connectivity (cardchat's own requests say whether cardchat answers); meanwhile the screens'
 * usual pulls keep the device up to date as they did before the stream existed.
 */
async function connectOnce(signal: AbortSignal, connected: () => void): Promise<void> {
  const last = localStorage.getItem(cursorKey());
  const silent = new AbortController();
  let watchdog = setTimeout(() => silent.abort(), SILENCE_MS);
  const alive = () => {
    clearTimeout(watchdog);
    watchdog = setTimeout(() => silent.abort(), SILENCE_MS);
  };
  try {
    const response = await authorizedFetchUrl(apiUrl('events'), {
      signal: AbortSignal.any([signal, silent.signal]),
      headers: last ? { 'Last-Event-ID': last } : {},
    });
    if (!response.ok || !response.body) throw new Error(`The event stream answered ${response.status}`);
    for await (const event of readServerSentEvents(response.body, alive)) {
      if (event.event === 'ready' || event.event === 'resync') connected();
      await handle(event);
    }
  } finally {
    clearTimeout(watchdog);
  }
}

/**
 * Call once at start-up: keeps one live stream open while someone is signed in, reconnecting after
 * a failure or the server's close (the access token's expiry ends it; the next connection brings a
 * fresh token). Returns what stops it.
 */
export function startLiveEvents(): () => void {
  let controller: AbortController | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let wait = FIRST_RETRY_MS;
  const run = () => {
    if (controller || !signedIn()) return;
    const current = new AbortController();
    controller = current;
    connectOnce(current.signal, () => (wait = FIRST_RETRY_MS))
      .catch(() => undefined)
      .finally(() => {
        if (controller !== current) return;
        controller = undefined;
        retry = setTimeout(run, wait);
        wait = Math.min(wait * 2, MAX_RETRY_MS);
      });
  };
  const stop = () => {
    clearTimeout(retry);
    const current = controller;
    controller = undefined;
    current?.abort();
  };
  const unsubscribe = sessionStore.subscribe(() => (signedIn() ? run() : stop()));
  run();
  return () => {
    unsubscribe();
    stop();
  };
}
