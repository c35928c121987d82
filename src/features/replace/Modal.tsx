import type { ReactNode } from 'react';
import { useModalDialog } from '../../ui/useModalDialog';
import styles from './Replace.module.css';

interface Props {
  open: boolean;
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}

/** A native modal <dialog> (focus, Escape and the inert page come with it), open while `open`. */
export function Modal({ open, titleId, onClose, children }: Props) {
  const { ref } = useModalDialog(open, onClose);
  return (
    <dialog ref={ref} className={styles.dialog} onClose={onClose} aria-labelledby={titleId}>
      {open && <div className={styles.box}>{children}</div>}
    </dialog>
  );
}
