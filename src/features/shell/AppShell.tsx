import { Outlet } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState } from 'react';
import { profileOf } from '../../auth/session';
import { useSession } from '../../auth/useSession';
import { InitialLoadingScreen } from './InitialLoadingScreen';
import { useReading } from './readingMode';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';
import { UpdatePrompt } from './UpdatePrompt';
import { useSidebar } from './useSidebar';
import styles from './AppShell.module.css';

// Only signed-in users see it, so visitors' first load (Home) never downloads it.
const ChatHistoryWidget = lazy(() => import('./ChatHistoryWidget').then((module) => ({ default: module.ChatHistoryWidget })));

/** The initial loading screen shows while the session settles, for one second at most. */
const INITIAL_LOADING_MS = 1000;

function useInitialLoading(loading: boolean): boolean {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), INITIAL_LOADING_MS);
    return () => clearTimeout(timer);
  }, []);
  return loading && !expired;
}

export function AppShell() {
  const session = useSession();
  const sidebar = useSidebar();
  const showLoading = useInitialLoading(session.status === 'loading');
  const reading = useReading();
  const signedIn = profileOf(session) !== null;
  // Once signed in the device holds the user's data and unsent messages: ask the browser not to evict them.
  const confirmed = session.status === 'signedIn';
  useEffect(() => {
    // Loaded then, not before: a visitor's first page has no use for it.
    if (confirmed) void import('../../db/localData').then(({ askPersistentStorage }) => askPersistentStorage());
  }, [confirmed]);

  if (showLoading) return <InitialLoadingScreen />;
  return (
    <div className={styles.shell}>
      <a href="#main" className={styles.skip}>
        Skip to content
      </a>
      <Sidebar
        signedIn={signedIn}
        isAdmin={profileOf(session)?.is_admin === true}
        collapsed={sidebar.collapsed}
        mobileOpen={sidebar.mobileOpen}
        onNavigate={sidebar.closeMobile}
      />
      <div className={styles.column} data-reading={reading || undefined}>
        <TopBar session={session} isMobile={sidebar.isMobile} sidebarOpen={sidebar.mobileOpen} onToggleSidebar={sidebar.toggle} />
        {signedIn && (
          <Suspense fallback={null}>
            <ChatHistoryWidget />
          </Suspense>
        )}
        <main id="main" className={styles.main}>
          <Outlet />
        </main>
      </div>
      <UpdatePrompt />
    </div>
  );
}
