import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { completeLogin } from '../../auth/login';
import { refreshSession } from '../../auth/session';
import { Spinner } from '../../ui/Spinner';
import styles from '../../ui/statusScreen.module.css';

/** Finishes sign-in and returns to the page where it started. */
export function CallbackPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The code can be redeemed once; React's development double-effect must not try twice.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    completeLogin(new URL(window.location.href))
      .then(async (returnTo) => {
        await refreshSession();
        await navigate({ href: returnTo, replace: true });
      })
      .catch((cause: unknown) => {
        setError(cause instanceof Error && cause.message ? cause.message : 'Sign-in failed. Please try again.');
      });
  }, [navigate]);

  return (
    <div className={styles.screen}>
      {error ? (
        <>
          <p className={styles.title}>Sign-in failed</p>
          <p role="alert">{error}</p>
          <Link to="/login" className={styles.button}>
            Try again
          </Link>
        </>
      ) : (
        <Spinner label="Signing you in..." />
      )}
    </div>
  );
}
