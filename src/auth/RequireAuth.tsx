import { useLocation } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { startLogin } from './login';
import { useSession } from './useSession';
import styles from '../ui/statusScreen.module.css';

/**
 * The spec's route guard: 'Loading' while the session settles, the page itself when signed in (or
 * offline with a recent profile), otherwise a sign-in redirect that comes back to this path.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const [error, setError] = useState<string | null>(null);
  const signedOut = session.status === 'signedOut';

  useEffect(() => {
    if (!signedOut) return;
    if (!navigator.onLine) {
      setError("You're offline. Connect to the internet to sign in.");
      return;
    }
    startLogin(location.href).catch(() =>
      setError('Sign-in is unavailable right now. Check your connection and reload the page.'),
    );
  }, [signedOut, location.href]);

  if (session.status === 'signedIn' || session.status === 'offline') return <>{children}</>;
  if (session.status === 'loading') {
    return (
      <div className={styles.screen} role="status">
        Loading
      </div>
    );
  }
  return (
    <div className={styles.screen}>
      <p className={styles.title}>Please login to access this page</p>
      <p role="status">{error ?? 'Redirecting to login page...'}</p>
    </div>
  );
}
