import { useId, type ReactNode } from 'react';
import { Modal } from '../../replace/Modal';
import styles from './ChatArchive.module.css';

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
      <h2 id={titleId} className={styles.title}>
        {title}
      </h2>
      {children}
      <div className={styles.buttons}>
        <button type="button" className={styles.primary} onClick={onClose} autoFocus>
          OK
        </button>
      </div>
    </Modal>
  );
}
