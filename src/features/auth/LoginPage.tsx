import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { startLogin } from '../../auth/login';
import { Spinner } from '../../ui/Spinner';
import styles from '../../ui/statusScreen.module.css';

/** /login starts sign-in straight away and comes back to the home gallery. */
export function LoginPage() {
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    startLogin('/').catch(() => setError('Sign-in is unavailable right now. Check your connection and try again.'));
  }, []);
  return (
    <div className={styles.screen}>
      {error ? (
        <>
          <p role="alert">{error}</p>
          <Link to="/" className={styles.button}>
            Back to Home
          </Link>
        </>
      ) : (
        <Spinner label="Redirecting to login page..." />
      )}
    </div>
  );
}
