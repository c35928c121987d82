import { useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { updateProfile } from '../../api/users';
import { refreshSession } from '../../auth/session';
import styles from './Account.module.css';

/** The name chats and exports call the person by; saved on the server, the session re-read after. */
export function DisplayNameSection({ name }: { name: string | null }) {
  const headingId = useId();
  const inputId = useId();
  const [value, setValue] = useState(name ?? '');
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const trimmed = value.trim();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setResult(null);
    try {
      await updateProfile({ name: trimmed });
      await refreshSession();
      setResult({ ok: true, text: 'Name saved.' });
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiError ? error.message : 'Saving failed. Please try again.' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.heading}>
        Display name
      </h2>
      <form className={styles.form} onSubmit={(event) => void save(event)}>
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
      <p className={result?.ok === false ? styles.error : styles.success} role="status">
        {result?.text}
      </p>
    </section>
  );
}
