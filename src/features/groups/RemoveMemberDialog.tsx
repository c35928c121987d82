import { useId } from 'react';
import type { GroupMember } from '@core/contract';
import buttonStyles from '../../ui/buttons.module.css';
import dialogStyles from '../../ui/dialog.module.css';
import { OnlineButton } from '../../ui/OnlineButton';
import { Modal } from '../replace/Modal';

interface Props {
  /** The member being asked about; null when closed. */
  member: GroupMember | null;
  removing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before taking a member out of a group, saying its messages stay. */
export function RemoveMemberDialog({ member, removing, onConfirm, onCancel }: Props) {
  const titleId = useId();
  return (
    <Modal open={member !== null} titleId={titleId} onClose={onCancel}>
      <h2 id={titleId} className={dialogStyles.title}>
        Remove from the group
      </h2>
      <p className={dialogStyles.text}>
        Remove <bdi>{member?.name}</bdi> from this group? Their messages stay in the chat with their name; they will not speak again unless
        added back.
      </p>
      <div className={dialogStyles.buttons}>
        {/* Cancel takes the focus: a stray Enter must never change the group. */}
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} autoFocus>
          Cancel
        </button>
        <OnlineButton type="button" className={buttonStyles.danger} onClick={onConfirm} disabled={removing}>
          {removing ? 'Removing...' : 'Remove'}
        </OnlineButton>
      </div>
    </Modal>
  );
}
