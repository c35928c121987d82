import { FLUSH_OUTBOX_MESSAGE, OUTBOX_SYNC_TAG } from '@core/caches';
import { sessionStore } from '../auth/session';
import { dropInterruptedReplies } from '../db/chatMessages';
import { checkNow, connectivity, onReconnected } from '../lib/connectivity';
import { cancelScheduledFlush, flushOutbox } from './outbox';

/** Background Sync, where the browser has it (Chromium); not in the DOM typings yet. */
interface SyncRegistration extends ServiceWorkerRegistration {
  sync: { register(tag: string): Promise<void> };
}

const signedIn = () => sessionStore.get().status === 'signedIn';

/** Settled before the first replay, whose fresh streaming row has the id an interrupted one had. */
let cleaned: Promise<void> = Promise.resolve();

/**
 * Only a signed-in session replays: offline or signed out, the requests would only fail. While
 * cardchat does not answer, a trigger probes instead; its answer flushes (onReconnected below).
 */
function flushIfSignedIn(): void {
  if (!signedIn()) return;
  if (connectivity() !== 'online') {
    void checkNow();
    return;
  }
  cleaned.then(() => flushOutbox()).catch((error: unknown) => console.error('Sending the waiting messages failed', error));
}

/**
 * Call once at start-up. Flushes when the session becomes signed in (start-up, sign-in, or the
 * re-check that follows cardchat answering again while the session was '(offline)'), when cardchat
 * answers again while the session is signed in, when the page comes back to the foreground, and when
 * the service worker relays a Background Sync. Each return of cardchat flushes once: the session's
 * re-check and the reconnection never both do. Returns what undoes it.
 */
export function startOutboxTriggers(): () => void {
  cleaned = dropInterruptedReplies().catch((error: unknown) => console.error('Could not clear interrupted replies', error));
  let wasSignedIn = signedIn();
  if (wasSignedIn) flushIfSignedIn();
  const unsubscribe = sessionStore.subscribe(() => {
    const now = signedIn();
    if (now && !wasSignedIn) flushIfSignedIn();
    // A retry the server asked for belongs to the user who was signed in.
    if (sessionStore.get().status === 'signedOut') cancelScheduledFlush();
    wasSignedIn = now;
  });
  // While the session is '(offline)' this does nothing: its re-check signs it in, which flushes above.
  const unsubscribeReconnected = onReconnected(flushIfSignedIn);
  const onVisible = () => {
    if (document.visibilityState === 'visible') flushIfSignedIn();
  };
  const onWorkerMessage = (event: MessageEvent<unknown>) => {
    if ((event.data as { type?: unknown } | null)?.type === FLUSH_OUTBOX_MESSAGE) flushIfSignedIn();
  };
  const worker = 'serviceWorker' in navigator ? navigator.serviceWorker : null;
  document.addEventListener('visibilitychange', onVisible);
  worker?.addEventListener('message', onWorkerMessage);
  return () => {
    unsubscribe();
    unsubscribeReconnected();
    cancelScheduledFlush();
    document.removeEventListener('visibilitychange', onVisible);
    worker?.removeEventListener('message', onWorkerMessage);
  };
}

/**
 * Asks the browser to wake the service worker once connectivity is back, so a message queued offline
 * goes out even if this tab is closed or asleep by then. Best effort: without Background Sync (or
 * when the browser declines) the triggers above still send it the next time the app runs.
 */
export function requestBackgroundSync(): void {
  const { status } = sessionStore.get();
  if ((status !== 'signedIn' && status !== 'offline') || !('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => {
      if ('sync' in registration) return (registration as SyncRegistration).sync.register(OUTBOX_SYNC_TAG);
    })
    .catch(() => undefined);
}
