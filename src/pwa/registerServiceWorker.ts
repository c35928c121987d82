/**
 * Registers dist/sw.js with workbox-window and exposes the update prompt's state as a tiny store for
 * React's useSyncExternalStore. Prompt pattern: a new worker waits (sw/sw.ts never skips waiting on its
 * own) until the user accepts; then it takes over and the page reloads onto the new build, so a page
 * never runs old chunks against a new precache.
 */
import type { Workbox } from 'workbox-window';
import { createStore } from '../lib/store';

export interface UpdateState {
  /** A new version is installed and waiting for the user's go-ahead. */
  updateReady: boolean;
}

/** The part of workbox-window's Workbox used here, so tests can drive the store with a fake. */
export type WorkboxLike = Pick<Workbox, 'messageSkipWaiting'> & {
  addEventListener(type: 'waiting' | 'controlling', listener: (event: { isUpdate?: boolean }) => void): void;
};

const update = createStore<UpdateState>({ updateReady: false }, (a, b) => a.updateReady === b.updateReady);
let workbox: WorkboxLike | null = null;
let updateRequested = false;

export const subscribeToUpdate = update.subscribe;
export const getUpdateSnapshot = update.get;

/** Wires the store to a Workbox (or a fake in tests). `reload` is injectable for the same reason. */
export function connectWorkbox(wb: WorkboxLike, reload: () => void = () => window.location.reload()): void {
  workbox = wb;
  updateRequested = false;
  // 'waiting' also fires for a worker left waiting by an earlier visit or installed from another tab.
  wb.addEventListener('waiting', () => update.set({ updateReady: true }));
  // The controller changes only when a waiting worker was told to skip waiting, here or in another tab
  // (isUpdate: this page already had a controller); both mean this page's code is now stale. The first
  // install's clients.claim() also fires it, with no update, and must not reload.
  wb.addEventListener('controlling', (event) => {
    if (updateRequested || event.isUpdate) reload();
  });
}

/** The "Reload" button: lets the waiting worker activate; the 'controlling' handler then reloads. */
export function applyUpdate(): void {
  if (!workbox || !update.get().updateReady) return;
  updateRequested = true;
  workbox.messageSkipWaiting(); // posts {type: 'SKIP_WAITING'} to the waiting worker
}

/**
 * Call once, when the first view is complete (src/pwa/afterFirstView.ts). Production builds only: the dev server has no sw.js, and a worker caching
 * the dev shell would hide edits. Never throws: the app works without a worker, just not offline.
 */
export async function registerServiceWorker(): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  try {
    // Loaded on demand so workbox-window stays out of the first chunk's critical path.
    const { Workbox } = await import('workbox-window');
    const wb = new Workbox('/sw.js', { scope: '/' });
    connectWorkbox(wb);
    await wb.register();
    // A PWA can stay open for days; look for a new sw.js whenever it comes back to the foreground.
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
    });
  } catch (error) {
    console.warn('Service worker registration failed; offline mode is unavailable.', error);
  }
}
