import { useId } from 'react';
import type { LocalChat } from '../../../db/db';
import { Modal } from '../../replace/Modal';
import buttonStyles from '../../../ui/buttons.module.css';
import dialogStyles from '../../../ui/dialog.module.css';
import { OnlineButton } from '../../../ui/OnlineButton';

interface Props {
  /** The chat being asked about; null when closed. */
  chat: LocalChat | null;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before deleting a chat, naming the character and how many messages go with it. */
export function DeleteChatDialog({ chat, deleting, onConfirm, onCancel }: Props) {
  const titleId = useId();
  const count = chat?.message_count ?? 0;
  return (
    <Modal open={chat !== null} titleId={titleId} onClose={onCancel}>
      <h2 id={titleId} className={dialogStyles.title}>
        Delete chat
      </h2>
      <p className={dialogStyles.text}>
        Delete your chat with <bdi>{chat?.character_name}</bdi>? Its {count} {count === 1 ? 'message' : 'messages'} will be lost. This
        cannot be undone.
      </p>
      <div className={dialogStyles.buttons}>
        {/* Cancel takes the focus: a stray Enter must never delete a conversation. */}
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <OnlineButton type="button" className={buttonStyles.danger} onClick={onConfirm} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Delete'}
        </OnlineButton>
      </div>
    </Modal>
  );
}
