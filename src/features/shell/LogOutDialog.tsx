import { useId } from 'react';
import buttonStyles from '../../ui/buttons.module.css';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';

/** "2 messages haven't been sent yet. Logging out deletes them." (and the edits and deletes waiting). */
export function unsentWarning(messages: number, changes = 0): string {
  const counted = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;
  const what = [
    messages > 0 && counted(messages, 'message'),
    changes > 0 && counted(changes, messages > 0 ? 'change' : 'change to your messages'),
  ]
    .filter(Boolean)
    .join(' and ');
  const one = messages + changes === 1;
  return `${what} ${one ? "hasn't" : "haven't"} been ${messages > 0 ? 'sent' : 'saved'} yet. Logging out deletes ${one ? 'it' : 'them'}.`;
}

/** "1 character draft isn't saved yet. Logging out deletes it." */
export function draftWarning(count: number): string {
  return count === 1
    ? "1 character draft isn't saved yet. Logging out deletes it."
    : `${count} character drafts aren't saved yet. Logging out deletes them.`;
}

/** "1 submission or report hasn't been sent yet. Logging out deletes it." */
export function shareWarning(count: number): string {
  return count === 1
    ? "1 submission or report hasn't been sent yet. Logging out deletes it."
    : `${count} submissions or reports haven't been sent yet. Logging out deletes them.`;
}

/** What a log out would delete that the server does not have. */
export interface Unsaved {
  /** Messages waiting in the outbox. */
  messages: number;
  /** Edits and deletes of messages waiting in the outbox. */
  changes: number;
  /** Cards submitted for the gallery and reports, made offline, waiting in the outbox. */
  shares: number;
  /** The character editor's drafts. */
  drafts: number;
}

interface Props {
  /** What waits while asking; null when closed. */
  waiting: Unsaved | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a log out that would delete messages, submissions, reports or drafts the server has not received. */
export function LogOutDialog({ waiting, onConfirm, onCancel }: Props) {
  const titleId = useId();
  return (
    <Modal open={waiting !== null} titleId={titleId} onClose={onCancel}>
      <h2 id={titleId} className={dialogStyles.title}>
        Log out?
      </h2>
      {waiting !== null && waiting.messages + waiting.changes > 0 && (
        <p className={dialogStyles.text}>{unsentWarning(waiting.messages, waiting.changes)}</p>
      )}
      {waiting !== null && waiting.shares > 0 && <p className={dialogStyles.text}>{shareWarning(waiting.shares)}</p>}
      {waiting !== null && waiting.drafts > 0 && <p className={dialogStyles.text}>{draftWarning(waiting.drafts)}</p>}
      <div className={dialogStyles.buttons}>
        {/* Cancel takes the focus: a stray Enter must never throw away what was typed. */}
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
