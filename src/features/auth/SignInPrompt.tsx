import { useState, type ReactNode } from 'react';
import { startLogin } from '../../auth/login';
import { useOfflineReason } from '../../lib/useOnline';
import styles from '../../ui/statusScreen.module.css';
import { OnlineButton } from '../../ui/OnlineButton';

interface Props {
  /** This page's text when signed out (docs/PRODUCT.md, Routes). */
  title: string;
  children?: ReactNode;
  /** The button's words ('Go to Login' on /recent-chat). */
  action?: string;
}

/**
 * What a signed-out visitor sees on a page of their own things: what the page needs, and a button
 * that signs in and comes back here. The visitor chooses to sign in; the page never jumps away.
 */
export function SignInPrompt({ title, children, action = 'Sign in' }: Props) {
  const offline = useOfflineReason();
  const [error, setError] = useState<string | null>(null);
  const login = () => {
    setError(null);
    startLogin(window.location.pathname + window.location.search).catch(() =>
      setError('Sign-in is unavailable right now. Check your connection and try again.'),
    );
  };
  return (
    <div className={styles.screen}>
      <p className={styles.title}>{title}</p>
      {children}
      <OnlineButton type="button" className={styles.button} onClick={login}>
        {action}
      </OnlineButton>
      {offline && <p>{offline}: signing in needs a connection to cardchat.</p>}
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
