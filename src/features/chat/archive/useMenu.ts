import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The WAI-ARIA menu-button behaviour: opening focuses the first item, arrows (and Home/End) move
 * between items, Escape closes and returns the focus to the button, Tab or a click outside closes.
 * `openAtFirst`: mounted by the press that opens it.
 */
export function useMenu(openAtFirst = false) {
  const [open, setOpen] = useState(openAtFirst);
  const rootRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  // menuitem, menuitemradio and menuitemcheckbox alike.
  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []);

  const close = useCallback((refocus: boolean) => {
    setOpen(false);
    if (refocus) triggerRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    // The checked choice of a radio menu, else the first item.
    (menuRef.current?.querySelector<HTMLElement>('[aria-checked="true"]') ?? items()[0])?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move: Record<string, number> = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: all.length - 1 };
    const target = move[event.key];
    if (target !== undefined) {
      event.preventDefault();
      all[(target + all.length) % all.length]?.focus();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return { open, setOpen, close, rootRef, triggerRef, menuRef, onMenuKeyDown };
}
