import { useId, useState, type FormEvent } from 'react';
import { updateProfile } from '../../api/users';
import { refreshSession } from '../../auth/session';
import styles from './Account.module.css';
import { ActionStatus } from './ActionStatus';
import { useAccountAction } from './useAccountAction';

/** The name chats and exports call the person by; saved on the server, the session re-read after. */
export function DisplayNameSection({ name }: { name: string | null }) {
  const headingId = useId();
  const inputId = useId();
  const [value, setValue] = useState(name ?? '');
  const { busy: saving, result, run } = useAccountAction('Saving failed. Please try again.');
  const trimmed = value.trim();

  const save = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await updateProfile({ name: trimmed });
      await refreshSession();
      return 'Name saved.';
    });
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Display name
      </h2>
      <form className={styles.form} onSubmit={save}>
        <label htmlFor={inputId} className={styles.label}>
          The name your characters call you
        </label>
        <div className={styles.row}>
          <input
            id={inputId}
            className={styles.input}
            value={value}
            maxLength={100}
            autoComplete="name"
            required
            onChange={(event) => setValue(event.target.value)}
          />
          <button type="submit" className={styles.primary} disabled={saving || trimmed === '' || trimmed === (name ?? '')}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
      <ActionStatus result={result} />
    </section>
  );
}
