import { useId, type ReactNode } from 'react';
import { Modal } from '../../replace/Modal';
import buttonStyles from '../../../ui/buttons.module.css';
import dialogStyles from '../../../ui/dialog.module.css';

interface Props {
  /** The dialog's title while open; null when closed. */
  title: string | null;
  onClose: () => void;
  children: ReactNode;
}

/** A modal that reports how an action went (import result, export or delete failure), closed with OK. */
export function NoticeDialog({ title, onClose, children }: Props) {
  const titleId = useId();
  return (
    <Modal open={title !== null} titleId={titleId} onClose={onClose}>
      <h2 id={titleId} className={dialogStyles.title}>
        {title}
      </h2>
      {children}
      <div className={dialogStyles.buttons}>
        <button type="button" className={buttonStyles.primary} onClick={onClose} autoFocus>
          OK
        </button>
      </div>
    </Modal>
  );
}
