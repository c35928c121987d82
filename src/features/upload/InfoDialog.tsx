import type { ReactNode } from 'react';
import { useModalDialog } from '../../ui/useModalDialog';
import styles from './UploadPage.module.css';

/** A native <dialog> explaining one of the upload's requirements; Escape, Close or the backdrop close it. */
export function InfoDialog({
  id,
  title,
  open,
  onClose,
  children,
}: {
  id: string;
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  const { ref, closeOnBackdrop } = useModalDialog(open, onClose);

  return (
    <dialog ref={ref} className={styles.dialog} onClose={onClose} onClick={closeOnBackdrop} aria-labelledby={`${id}-title`}>
      <div className={styles.dialogBox}>
        <h2 id={`${id}-title`} className={styles.dialogTitle}>
          {title}
        </h2>
        {children}
        <button type="button" className={styles.primary} onClick={onClose}>
          Close
        </button>
      </div>
    </dialog>
  );
}
