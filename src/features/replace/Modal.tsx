import { useEffect, useRef, type ReactNode } from 'react';
import styles from './Replace.module.css';

interface Props {
  open: boolean;
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}

/** A native modal <dialog> (focus, Escape and the inert page come with it), open while `open`. */
export function Modal({ open, titleId, onClose, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className={styles.dialog} onClose={onClose} aria-labelledby={titleId}>
      {open && <div className={styles.box}>{children}</div>}
    </dialog>
  );
}
