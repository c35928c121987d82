/**
 * cardchat's service worker, built by vite-plugin-pwa (strategy injectManifest) into dist/sw.js.
 * What it caches, and why:
 * - the precache: the app shell, every route chunk, styles, fonts, icons and the manifest, so every
 *   static page opens offline on the first offline visit after install;
 * - card images: cache-first at runtime, because their URLs name immutable uploads;
 * - nothing else: API JSON belongs to Dexie (the UI's offline source of truth), and caching an
 *   authenticated response here would outlive sign-out and could be served to the next user.
 */
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { CARD_IMAGE_CACHE, FLUSH_OUTBOX_MESSAGE, OUTBOX_SYNC_TAG } from '@core/caches';

declare const self: ServiceWorkerGlobalScope;

// The build replaces self.__WB_MANIFEST with every file of dist/ that the globPatterns in
// vite.config.ts select, each with a revision: a changed file is refetched, an unchanged one is not.
precacheAndRoute(self.__WB_MANIFEST);

// Entries of older builds are dropped by precaching itself when a new worker activates; this also deletes
// precaches left in an older Workbox format, so an upgrade of Workbox never strands a copy of the app.
cleanupOutdatedCaches();

// Every in-scope navigation gets the precached shell; the client router then draws the route, which is
// why a page never visited online (/terms on the first offline launch) still opens. Server-owned paths
// are denied: the API answers JSON, and the OpenID provider's sign-in pages (/oidc/, its assets under
// /oidc-assets/) must come from the network or sign-in would loop into the app shell.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /^\/oidc(\/|$)/, /^\/oidc-assets(\/|$)/],
  }),
);

/** Card images: the picture endpoints under /api/upload/image/ (not the JSON /tags/ one) and thumbnails. */
function isCardImage(url: URL): boolean {
  if (url.origin !== self.location.origin) return false;
  if (url.pathname.startsWith('/thumbnails/')) return true;
  return url.pathname.startsWith('/api/upload/image/') && !url.pathname.startsWith('/api/upload/image/tags/');
}

/** Stores only real images, so an error page or a JSON body on an image URL never poisons the cache. */
const imagesOnly: WorkboxPlugin = {
  cacheWillUpdate: async ({ response }) =>
    response.type === 'opaque' || response.headers.get('Content-Type')?.startsWith('image/') ? response : null,
};

// Cache-first: an uploaded card's image never changes under the same URL (a replacement is a new file),
// so the network adds nothing once we hold a copy, and the gallery and chat avatars work offline.
// 300 entries / 30 days bound the storage (a gallery page is 20 cards; thumbnails are small WebP), and
// purgeOnQuotaError gives the space back first when the origin runs out. Status 0 (opaque) would only
// come from a cross-origin image; ours are same-origin, so in practice only full 200s are stored.
registerRoute(
  ({ url, request }) => request.method === 'GET' && isCardImage(url),
  new CacheFirst({
    cacheName: CARD_IMAGE_CACHE,
    plugins: [
      new CacheableResponsePlugin({ statuses: [0, 200] }),
      imagesOnly,
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// Prompt-style updates: a new worker waits until the page asks (the user pressed "Reload" on the
// "New version available" toast), so an open tab never runs old chunks against a new precache.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/** Background Sync's event (Chromium only), which the WebWorker typings do not declare yet. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent;
  }
}

// A message written offline waits in the page's outbox (Dexie). The page registers this tag when it
// queues one, and the browser fires it once connectivity is back, even if the tab is asleep. The send
// itself stays in the page: the tokens live in its localStorage, which a worker cannot read. So the
// worker only wakes the open windows; with none open, the app sends the outbox on its next start.
// Keeping the event alive until the messages are posted tells the browser the sync was delivered.
self.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) client.postMessage({ type: FLUSH_OUTBOX_MESSAGE });
    }),
  );
});

// Once active (first install, or after the user accepted the update) take the open pages at once,
// so the first visit is offline-capable without a second reload.
clientsClaim();
