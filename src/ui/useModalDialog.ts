import { useEffect, useRef, type MouseEvent } from 'react';

/**
 * Drives a native <dialog> from React state: showModal() while `open` (focus trap, Escape and the
 * inert page come with it), close() otherwise. `closeOnBackdrop` is for dialogs whose box has no
 * padding of its own, where a click on the <dialog> element itself is a click on the backdrop.
 */
export function useModalDialog(open: boolean, onClose: () => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) onClose();
  };
  return { ref, closeOnBackdrop };
}
