import { useId } from 'react';
import buttonStyles from '../../ui/buttons.module.css';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';
import styles from './LocalData.module.css';

/** What "Clear local data" removes, in the words the dialog lists it. */
export const CLEARED = [
  'The cached gallery',
  'Your collections and favorites',
  'Chats and messages saved on this device',
  'The card images cache',
];

interface Props {
  open: boolean;
  clearing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Says what goes and what stays before clearing: nothing is lost that the server cannot send again. */
export function ClearLocalDataDialog({ open, clearing, onConfirm, onCancel }: Props) {
  const titleId = useId();
  return (
    <Modal open={open} titleId={titleId} onClose={onCancel}>
      <h2 id={titleId} className={dialogStyles.title}>
        Clear local data?
      </h2>
      <p className={dialogStyles.text}>This removes from this device:</p>
      <ul className={styles.list}>
        {CLEARED.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className={dialogStyles.text}>
        Messages that haven&apos;t been sent yet are kept and still go out when you&apos;re online. You stay signed in, and everything on
        the server stays: it downloads again when you&apos;re online.
      </p>
      <div className={dialogStyles.buttons}>
        {/* Cancel takes the focus: a stray Enter must not empty the offline copy. */}
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={buttonStyles.danger} onClick={onConfirm} disabled={clearing}>
          {clearing ? 'Clearing...' : 'Clear local data'}
        </button>
      </div>
    </Modal>
  );
}
