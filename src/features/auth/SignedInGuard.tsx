import { Outlet, useLocation, useMatches } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { startLogin } from '../../auth/login';
import { profileOf, refreshSession, sessionStore } from '../../auth/session';
import { loadTokens } from '../../auth/tokens';
import { useSession } from '../../auth/useSession';
import { noteNoAnswer } from '../../lib/connectivity';
import { useConnectivity } from '../../lib/useOnline';
import { PageHeader } from '../../ui/PageHeader';
import styles from '../../ui/statusScreen.module.css';
import { SignInPrompt } from './SignInPrompt';
import type { SignedOutPage } from './signedOutPage';

export const OFFLINE_SIGN_IN = "You're offline. Connect to the internet to sign in.";
export const UNREACHABLE_SIGN_IN = "Can't reach cardchat. Sign-in starts as soon as it answers.";

/**
 * The one sign-in guard, for every page under the pathless `_signedIn` layout route (the user's own
 * things). Who gets in:
 * - signed in, or offline with a profile the server confirmed in the last 24 hours (the session's
 *   'offline' state, auth/session.ts): the page itself;
 * - while the session settles: 'Loading';
 * - signed out, on a page that names its own prompt (its `signedOut` static data, signedOutPage.ts):
 *   that prompt, with a button that signs in and comes back;
 * - signed out elsewhere: 'Please login to access this page' and a sign-in redirect that returns to
 *   this path. While cardchat cannot be reached the redirect waits (it would land on the browser's
 *   error page) and says why, then starts by itself when cardchat answers again; tokens kept through
 *   a check that could not reach it are checked first, so an outage never asks a signed-in person to
 *   sign in again.
 */
export function SignedInGuard() {
  const session = useSession();
  const prompt = useMatches({ select: (matches) => matches.at(-1)?.staticData.signedOut });
  if (profileOf(session)) return <Outlet />;
  if (session.status === 'loading') {
    return (
      <div className={styles.screen} role="status">
        Loading
      </div>
    );
  }
  if (prompt) return <SignedOutView page={prompt} />;
  return <SignInRedirect />;
}

function SignInRedirect() {
  const location = useLocation();
  const reach = useConnectivity();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
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
  }, [reach, location.href]);

  return (
    <div className={styles.screen}>
      <p className={styles.title}>Please login to access this page</p>
      <p role="status">{error ?? 'Redirecting to login page...'}</p>
    </div>
  );
}

function SignedOutView({ page }: { page: SignedOutPage }) {
  return (
    <>
      {page.header && <PageHeader title={page.header} />}
      <SignInPrompt title={page.title} {...(page.action ? { action: page.action } : {})}>
        {page.text && <p>{page.text}</p>}
      </SignInPrompt>
    </>
  );
}
