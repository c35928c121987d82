import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshSession, sessionStore, watchConnectivity } from './auth/session';
import { appConfig, checkAppConfig } from './config/appConfig';
import { isPlainHome } from '@core/gallery';
import { preloadFirstRow } from './features/gallery/firstRow';
import { ConfigErrorScreen } from './features/shell/ConfigErrorScreen';
import { applyTheme } from './features/shell/theme';
import { afterFirstView } from './pwa/afterFirstView';
import { markFirstViewComplete } from './pwa/firstView';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { routeTree } from './routeTree.gen';
import { pullFirstGalleryPageEarly } from './sync/gallery';
import './styles/theme.css';
import './styles/characterLayout.css';

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

/**
 * The outbox matters only once someone is signed in (or offline with a remembered session): its code
 * (the send, streaming, the replay) loads then, so a visitor's first page never downloads it.
 */
function startOutboxOnceSignedIn(): void {
  const hasSession = () => ['signedIn', 'offline'].includes(sessionStore.get().status);
  const start = () => {
    void import('./sync/send/triggers').then(({ startOutboxTriggers }) => startOutboxTriggers());
    void import('./sync/live/liveEvents').then(({ startLiveEvents }) => startLiveEvents());
  };
  if (hasSession()) return start();
  const unsubscribe = sessionStore.subscribe(() => {
    if (!hasSession()) return;
    unsubscribe();
    start();
  });
}

/**
 * Home's gallery is pulled before anything else (src/sync/gallery.ts), unless a search, a sort or
 * tags (`?q=`, `?sort=`, `?tags=`) ask for another list, and its first row's pictures are started as soon as the list is in; how many cards
 * it brought tells when Home's first view is complete.
 */
function startFirstView(): Promise<number> | undefined {
  if (!isPlainHome(new URL(window.location.href))) return undefined;
  return pullFirstGalleryPageEarly().then((cards) => {
    preloadFirstRow(cards);
    return cards.length;
  });
}

/** However long the page's code or the session take, the app draws over the server's first view after this. */
const LONGEST_FIRST_VIEW_WAIT_MS = 3000;

/**
 * A page the server drew (a public character's, in #root) stays until the app can draw the same
 * page in one go: its route's code loaded and the session settled. React replaces #root's content
 * on its first render, so drawing earlier would show a loading screen in its place for a moment.
 */
function drawnByServer(): Promise<unknown> {
  if (!document.querySelector('#root > [data-first-view]')) return Promise.resolve();
  const ready = Promise.all([router.load(), refreshSession()]).catch(() => undefined);
  return Promise.race([ready, new Promise((resolve) => setTimeout(resolve, LONGEST_FIRST_VIEW_WAIT_MS))]);
}

const firstData = startFirstView();
applyTheme();
const root = createRoot(document.getElementById('root')!);

try {
  checkAppConfig(appConfig);
  // /callback settles the session itself once the code is exchanged; everywhere else it starts now.
  if (window.location.pathname !== '/callback') void refreshSession();
  watchConnectivity();
  startOutboxOnceSignedIn();
  // The worker's precache would fetch every route's code: it waits until the first view is complete,
  // so a first visit on a slow link spends it on what is on screen.
  void afterFirstView(firstData).then(() => {
    markFirstViewComplete();
    registerServiceWorker();
  });
  void drawnByServer().then(() =>
    root.render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    ),
  );
} catch (error) {
  root.render(<ConfigErrorScreen message={(error as Error).message} />);
}
