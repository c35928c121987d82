import { useId } from 'react';
import type { LocalPersona } from '../../db/db';
import buttonStyles from '../../ui/buttons.module.css';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';
import { OnlineButton } from '../../ui/OnlineButton';

interface Props {
  /** The persona being asked about; null when closed. */
  persona: LocalPersona | null;
  /** Who its chats will be instead. */
  profileName: string;
  deleting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before deleting a persona, saying which chats speak as it and who they will be instead. */
export function DeletePersonaDialog({ persona, profileName, deleting, onConfirm, onCancel }: Props) {
  const titleId = useId();
  const chats = persona?.chat_count ?? 0;
  return (
    <Modal open={persona !== null} titleId={titleId} onClose={onCancel}>
      <h2 id={titleId} className={dialogStyles.title}>
        Delete persona
      </h2>
      <p className={dialogStyles.text}>
        Delete <bdi>{persona?.name}</bdi>? This cannot be undone.
      </p>
      {chats > 0 && (
        <p className={dialogStyles.text}>
          {chats === 1 ? '1 chat speaks' : `${chats} chats speak`} as <bdi>{persona?.name}</bdi>. {chats === 1 ? 'It' : 'They'} will use
          your profile name, <bdi>{profileName}</bdi>, instead; {chats === 1 ? 'its' : 'their'} messages stay as they are.
        </p>
      )}
      <div className={dialogStyles.buttons}>
        {/* Cancel takes the focus: a stray Enter must never delete. */}
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
