import { useId } from 'react';
import buttonStyles from '../../ui/buttons.module.css';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';

/** "2 messages haven't been sent yet. Logging out deletes them." (and the edits and deletes waiting). */
export function unsentWarning(messages: number, changes = 0): string {
  const counted = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  const what = [messages > 0 && counted(messages, 'message'), changes > 0 && counted(changes, messages > 0 ? 'change' : 'change to your messages')].filter(Boolean).join(' and ');
  const one = messages + changes === 1;
  return `${what} ${one ? "hasn't" : "haven't"} been ${messages > 0 ? 'sent' : 'saved'} yet. Logging out deletes ${one ? 'it' : 'them'}.`;
}

interface Props {
  /** What waits in the outbox while asking; null when closed. */
  waiting: { messages: number; changes: number } | null;
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
      <p className={dialogStyles.text}>{unsentWarning(waiting?.messages ?? 0, waiting?.changes)}</p>
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
