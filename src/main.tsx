import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshSession, sessionStore, watchConnectivity } from './auth/session';
import { appConfig, checkAppConfig } from './config/appConfig';
import { ConfigErrorScreen } from './features/shell/ConfigErrorScreen';
import { applyTheme } from './features/shell/theme';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { routeTree } from './routeTree.gen';
import './styles/theme.css';

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
  const start = () => void import('./sync/outboxTriggers').then(({ startOutboxTriggers }) => startOutboxTriggers());
  if (hasSession()) return start();
  const unsubscribe = sessionStore.subscribe(() => {
    if (!hasSession()) return;
    unsubscribe();
    start();
  });
}

applyTheme();
const root = createRoot(document.getElementById('root')!);

try {
  checkAppConfig(appConfig);
  // /callback settles the session itself once the code is exchanged; everywhere else it starts now.
  if (window.location.pathname !== '/callback') void refreshSession();
  watchConnectivity();
  startOutboxOnceSignedIn();
  void registerServiceWorker();
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
} catch (error) {
  root.render(<ConfigErrorScreen message={(error as Error).message} />);
}
