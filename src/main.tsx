import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { refreshSession, watchConnectivity } from './auth/session';
import { appConfig, checkAppConfig } from './config/appConfig';
import { ConfigErrorScreen } from './features/shell/ConfigErrorScreen';
import { applyTheme } from './features/shell/theme';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { routeTree } from './routeTree.gen';
import { startOutboxTriggers } from './sync/outboxTriggers';
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

applyTheme();
const root = createRoot(document.getElementById('root')!);

try {
  checkAppConfig(appConfig);
  // /callback settles the session itself once the code is exchanged; everywhere else it starts now.
  if (window.location.pathname !== '/callback') void refreshSession();
  watchConnectivity();
  startOutboxTriggers();
  void registerServiceWorker();
  root.render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
} catch (error) {
  root.render(<ConfigErrorScreen message={(error as Error).message} />);
}
