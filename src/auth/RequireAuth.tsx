import { useLocation } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { noteNoAnswer } from '../lib/connectivity';
import { useConnectivity } from '../lib/useOnline';
import { startLogin } from './login';
import { profileOf, refreshSession, sessionStore } from './session';
import { loadTokens } from './tokens';
import { useSession } from './useSession';
import styles from '../ui/statusScreen.module.css';

export const OFFLINE_SIGN_IN = "You're offline. Connect to the internet to sign in.";
export const UNREACHABLE_SIGN_IN = "Can't reach cardchat. Sign-in starts as soon as it answers.";

/**
 * The spec's route guard: 'Loading' while the session settles, the page itself when signed in (or
 * offline with a recent profile), otherwise a sign-in redirect that comes back to this path. While
 * cardchat cannot be reached the redirect waits (it would land on the browser's error page) and
 * starts by itself when it answers again; tokens kept through a check that could not reach it are
 * checked first, so an outage never asks a signed-in user to sign in again.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  const reach = useConnectivity();
  const [error, setError] = useState<string | null>(null);
  const signedOut = session.status === 'signedOut';

  useEffect(() => {
    if (!signedOut) return;
    if (reach !== 'online') {
      setError(reach === 'offline' ? OFFLINE_SIGN_IN : UNREACHABLE_SIGN_IN);
      return;
    }
    setError(null);
    let live = true;
    (loadTokens() ? refreshSession() : Promise.resolve(sessionStore.get()))
      .then((settled) => (live && settled.status === 'signedOut' ? startLogin(location.href) : undefined))
      .catch(() => {
        if (!live) return;
        setError(UNREACHABLE_SIGN_IN);
        // The provider's discovery got no answer: the probes take over and bring this back.
        noteNoAnswer();
      });
    return () => {
      live = false;
    };
  }, [signedOut, reach, location.href]);

  if (profileOf(session)) return <>{children}</>;
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
