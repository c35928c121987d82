import { Link } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { handleProblem, HANDLE_MAX_CHARS, MAX_BIO_CHARS, normalizeHandle } from '@core/creators/handle';
import { updateCreator } from '../../api/publishing';
import { refreshSession } from '../../auth/session';
import styles from '../profile/Account.module.css';
import { ActionStatus } from '../profile/ActionStatus';
import { useAccountAction } from '../profile/useAccountAction';

/**
 * The creator page's handle and bio. Its rules are shown as they are typed (the server checks them
 * again, and whether the handle is free); the page itself shows only these, the avatar and published cards.
 */
export function CreatorSection({ handle, bio }: { handle: string | null; bio: string }) {
  const headingId = useId();
  const handleId = useId();
  const bioId = useId();
  const hintId = useId();
  const [typed, setTyped] = useState(handle ?? '');
  const [about, setAbout] = useState(bio);
  const { busy, result, run } = useAccountAction('Saving failed. Please try again.');
  const wanted = normalizeHandle(typed);
  const problem = typed.trim() === '' ? null : handleProblem(wanted);
  const unchanged = wanted === (handle ?? '') && about === bio;

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await updateCreator({ handle: wanted, bio: about });
      await refreshSession();
      return 'Saved. Your creator page is live.';
    });
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Creator page
      </h2>
      <p className={styles.muted}>
        Characters you publish are credited to your handle and listed on your page
        {handle ? (
          <>
            {' '}
            (
            <Link to="/@{$handle}" params={{ handle }}>
              /@{handle}
            </Link>
            )
          </>
        ) : null}
        . It shows your handle, avatar, this bio and your published characters, nothing else.
      </p>
      <form className={styles.form} onSubmit={save}>
        <label htmlFor={handleId} className={styles.label}>
          Handle
        </label>
        <input
          id={handleId}
          className={styles.input}
          value={typed}
          maxLength={HANDLE_MAX_CHARS + 1}
          autoCapitalize="none"
          autoComplete="username"
          spellCheck={false}
          aria-describedby={hintId}
          aria-invalid={problem !== null}
          onChange={(event) => setTyped(event.target.value)}
        />
        <p id={hintId} className={problem ? styles.error : styles.muted}>
          {problem ?? `3 to ${HANDLE_MAX_CHARS} of a–z, 0–9 and _.`}
        </p>
        <label htmlFor={bioId} className={styles.label}>
          Bio
        </label>
        <textarea
          id={bioId}
          className={styles.input}
          rows={3}
          value={about}
          maxLength={MAX_BIO_CHARS}
          onChange={(event) => setAbout(event.target.value)}
        />
        <div className={styles.row}>
          <button type="submit" className={styles.primary} disabled={busy || unchanged || wanted === '' || problem !== null}>
            {busy ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      <ActionStatus result={result} />
    </section>
  );
}
