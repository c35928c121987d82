import { useState } from 'react';
import { startLogin } from '../../auth/login';
import styles from '../../ui/statusScreen.module.css';

/** The spec's signed-out view of /recent-chat, in place of the automatic sign-in redirect. */
export function SignedOutChat() {
  const [error, setError] = useState<string | null>(null);
  const login = () => {
    setError(null);
    startLogin(window.location.pathname + window.location.search).catch(() =>
      setError('Sign-in is unavailable right now. Check your connection and try again.'),
    );
  };
  return (
    <div className={styles.screen}>
      <p className={styles.title}>User not authenticated. Please log in to view chat records.</p>
      <button type="button" className={styles.button} onClick={login}>
        Go to Login
      </button>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
