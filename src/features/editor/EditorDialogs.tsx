import { useId } from 'react';
import buttonStyles from '../../ui/buttons.module.css';
import dialogStyles from '../../ui/dialog.module.css';
import { Modal } from '../replace/Modal';

interface ConfirmProps {
  open: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The editor's questions: 'Keep editing' takes the focus, so a stray Enter never loses writing. */
function EditorConfirm({
  open,
  onConfirm,
  onCancel,
  title,
  text,
  confirm,
  danger,
}: ConfirmProps & { title: string; text: string; confirm: string; danger: boolean }) {
  const titleId = useId();
  return (
    <Modal open={open} titleId={titleId} onClose={onCancel}>
      <h2 id={titleId} className={dialogStyles.title}>
        {title}
      </h2>
      <p className={dialogStyles.text}>{text}</p>
      <div className={dialogStyles.buttons}>
        <button type="button" className={buttonStyles.secondary} onClick={onCancel} autoFocus>
          Keep editing
        </button>
        <button type="button" className={danger ? buttonStyles.danger : buttonStyles.primary} onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </Modal>
  );
}

/** Asks before throwing away a draft: what was typed cannot come back. */
export function DiscardDraft(props: ConfirmProps) {
  return (
    <EditorConfirm
      {...props}
      title="Discard your changes?"
      text="What you wrote since the last save is deleted from this device."
      confirm="Discard"
      danger
    />
  );
}

/** Asks before leaving the editor with changes that are on this device only. */
export function LeaveEditor(props: ConfirmProps) {
  return (
    <EditorConfirm
      {...props}
      title="Leave without saving?"
      text="Your changes stay on this device as a draft and come back when you open the editor again, but they are not in your account until you save."
      confirm="Leave"
      danger={false}
    />
  );
}
