import { useId } from 'react';
import buttonStyles from '../../ui/buttons.module.css';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';

/** "2 messages haven't been sent yet. Logging out deletes them." */
export function unsentWarning(count: number): string {
  return count === 1
    ? "1 message hasn't been sent yet. Logging out deletes it."
    : `${count} messages haven't been sent yet. Logging out deletes them.`;
}

interface Props {
  /** How many messages wait in the outbox while asking; null when closed. */
  waiting: number | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a log out that would delete messages the server has not received. */
export function LogOutDialog({ waiting, onConfirm, onCancel }: Props) {
  const titleId = useId();
  return (
    <Modal open={waiting !== null} titleId={titleId} onClose={onCancel}>
      <h2 id={titleId} className={dialogStyles.title}>
        Log out?
      </h2>
      <p className={dialogStyles.text}>{unsentWarning(waiting ?? 0)}</p>
      <div className={dialogStyles.buttons}>
        {/* Cancel takes the focus: a stray Enter must never throw away typed messages. */}
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <button type="button" className={buttonStyles.danger} onClick={onConfirm}>
          Log out
        </button>
      </div>
    </Modal>
  );
}
