import { useId, useState, type FormEvent } from 'react';
import type { ClientConfig } from '@core/contract';
import { changePassword } from '../../api/account';
import styles from './Account.module.css';
import { ActionStatus } from './ActionStatus';
import { useAccountAction } from './useAccountAction';

/** What the answer says about other devices, in words. */
export function signedOutLine(count: number): string {
  if (count === 0) return 'Your password has been changed.';
  return `Your password has been changed. ${count === 1 ? '1 other device was' : `${count} other devices were`} signed out.`;
}

/** Change password (cardchat's own sign-in only): the current one first, the new one twice. */
export function PasswordSection({ auth, email }: { auth: ClientConfig['auth'] | undefined; email: string | null }) {
  const headingId = useId();
  const ids = { current: useId(), next: useId(), again: useId() };
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [again, setAgain] = useState('');
  const { busy: saving, result, run } = useAccountAction('Changing the password failed. Please try again.');

  if (auth?.provider === 'external') {
    return (
      <section className={styles.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          Password
        </h2>
        <p className={styles.muted}>You sign in through {new URL(auth.issuer).host}: change your password there.</p>
      </section>
    );
  }

  const mismatch = again !== '' && again !== next;
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (mismatch) return;
    void run(async () => {
      const answer = await changePassword({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setAgain('');
      return signedOutLine(answer.signed_out_sessions);
    });
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Change password
      </h2>
      <form className={styles.form} onSubmit={save}>
        {/* For password managers: whose password this is. */}
        <input type="email" name="username" autoComplete="username" hidden readOnly value={email ?? ''} />
        <label htmlFor={ids.current} className={styles.label}>
          Current password
        </label>
        <input
          id={ids.current}
          className={styles.input}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <label htmlFor={ids.next} className={styles.label}>
          New password
        </label>
        <input
          id={ids.next}
          className={styles.input}
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          value={next}
          onChange={(e) => setNext(e.target.value)}
        />
        <label htmlFor={ids.again} className={styles.label}>
          New password again
        </label>
        <input
          id={ids.again}
          className={styles.input}
          type="password"
          autoComplete="new-password"
          required
          aria-invalid={mismatch}
          value={again}
          onChange={(e) => setAgain(e.target.value)}
        />
        {mismatch && <p className={styles.error}>The two new passwords are not the same.</p>}
        <p className={styles.muted}>Other devices signed in to your account are signed out; this one stays signed in.</p>
        <div className={styles.row}>
          <button type="submit" className={styles.primary} disabled={saving || !current || !next || mismatch || again === ''}>
            {saving ? 'Changing...' : 'Change password'}
          </button>
        </div>
      </form>
      <ActionStatus result={result} />
    </section>
  );
}
