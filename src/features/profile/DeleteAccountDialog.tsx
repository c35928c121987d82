import { useId, useState } from 'react';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';
import styles from './Account.module.css';

/** What deleting the account removes, in the words the dialog lists it. */
export const DELETED = [
  'Your private cards and their images',
  'Every chat and message',
  'Your favorites and personas',
  'Your sign-in: every device is signed out',
];

/** The word to type when the account has no e-mail address. */
export const CONFIRM_WORD = 'delete';

interface Props {
  open: boolean;
  email: string | null;
  external: string | null;
  deleting: boolean;
  error: string | null;
  onConfirm: (confirmation: string) => void;
  onCancel: () => void;
}

/**
 * The last step before the account goes: it says what goes and asks for the account's e-mail typed
 * out. The delete button stays disabled until it matches, and Enter in the field does nothing, so no
 * stray key press deletes an account.
 */
export function DeleteAccountDialog({ open, email, external, deleting, error, onConfirm, onCancel }: Props) {
  const titleId = useId();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const expected = (email ?? CONFIRM_WORD).toLowerCase();
  const matches = typed.trim().toLowerCase() === expected;
  const cancel = () => {
    setTyped('');
    onCancel();
  };
  return (
    <Modal open={open} titleId={titleId} onClose={cancel}>
      <h2 id={titleId} className={dialogStyles.title}>
        Delete your account?
      </h2>
      <p className={dialogStyles.text}>This deletes, for good and on every device:</p>
      <ul className={styles.list}>
        {DELETED.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className={dialogStyles.text}>
        Cards you published to the public gallery stay there. {external && `Your sign-in account at ${external} is managed there.`} Export
        your data first if you want to keep it.
      </p>
      <label htmlFor={inputId} className={styles.label}>
        {email ? (
          <>
            Type your e-mail address, <strong>{email}</strong>, to confirm
          </>
        ) : (
          <>
            Type <strong>{CONFIRM_WORD}</strong> to confirm
          </>
        )}
      </label>
      {/* The first thing focused when the dialog opens (the modal focuses its first field): a key press types, never deletes. */}
      <input
        id={inputId}
        className={styles.input}
        value={typed}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="none"
        onChange={(event) => setTyped(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={dialogStyles.buttons}>
        <button type="button" className={styles.secondary} onClick={cancel}>
          Cancel
        </button>
        <button type="button" className={styles.danger} onClick={() => onConfirm(typed)} disabled={!matches || deleting}>
          {deleting ? 'Deleting...' : 'Delete my account'}
        </button>
      </div>
    </Modal>
  );
}
