import { useId } from 'react';
import buttonStyles from '../../ui/buttons.module.css';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';

/** Asks before throwing away a draft: what was typed cannot come back. */
export function DiscardDraft({ open, onConfirm, onCancel }: { open: boolean; onConfirm: () => void; onCancel: () => void }) {
  const titleId = useId();
  return (
    <Modal open={open} titleId={titleId} onClose={onCancel}>
      <h2 id={titleId} className={dialogStyles.title}>
        Discard your changes?
      </h2>
      <p className={dialogStyles.text}>What you wrote since the last save is deleted from this device.</p>
      <div className={dialogStyles.buttons}>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} autoFocus>
          Keep editing
        </button>
        <button type="button" className={buttonStyles.danger} onClick={onConfirm}>
          Discard
        </button>
      </div>
    </Modal>
  );
}
