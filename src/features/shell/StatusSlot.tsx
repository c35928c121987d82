import { useLayoutEffect, useRef } from 'react';
import { createStore, useStore } from '../../lib/store';
import styles from './StatusSlot.module.css';

interface Slot {
  element: HTMLElement;
  page: boolean;
}

interface Props {
  page?: boolean;
  /**
   * The line takes its own room instead of floating over what follows: where what follows is
   * reading matter (a chat's messages), covering it is worse than moving it.
   */
  inFlow?: boolean;
}

const slots = createStore<readonly Slot[]>([]);

/**
 * Where the connectivity line (OfflineStatus) floats: a zero-height anchor it hangs from, over what
 * follows, so showing it never moves the page. The shell's anchor is under the top bar; a page whose
 * top holds its own controls (the chat window's header) puts one under them, and a page's wins.
 */
export function StatusSlot({ page = false, inFlow = false }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const slot = { element: ref.current!, page };
    slots.set([...slots.get(), slot]);
    return () => slots.set(slots.get().filter((other) => other !== slot));
  }, [page]);
  return <div ref={ref} className={inFlow ? styles.inFlow : styles.slot} />;
}

/** The anchor the line hangs from now: the newest page anchor, else the shell's; null before any mounts. */
export function useStatusSlot(): HTMLElement | null {
  const all = useStore(slots);
  return (all.findLast((slot) => slot.page) ?? all.at(-1))?.element ?? null;
}
