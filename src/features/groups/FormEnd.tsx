import buttonStyles from '../../ui/buttons.module.css';
import dialogStyles from '../../ui/dialog.module.css';
import { OnlineButton } from '../../ui/OnlineButton';
import styles from './groups.module.css';

interface Props {
  error: string | null;
  onCancel: () => void;
  /** The submit button's words. */
  submit: string;
  disabled: boolean;
}

/** The end of a group dialog's form: what went wrong, if anything, then Cancel and its submit button. */
export function FormEnd({ error, onCancel, submit, disabled }: Props) {
  return (
    <>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={dialogStyles.buttons}>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel}>
          Cancel
        </button>
        <OnlineButton type="submit" className={buttonStyles.primary} disabled={disabled}>
          {submit}
        </OnlineButton>
      </div>
    </>
  );
}

/** Logs a change to a group that failed (`what`), and says what to tell the person: the server's message, else `fallback`. */
export function failureText(what: string, failure: unknown, fallback: string): string {
  console.error(what, failure);
  return failure instanceof Error && failure.message ? failure.message : fallback;
}
