import { useEffect, type RefObject } from 'react';

/** Calls `onSeen` when the element comes within a screen of the viewport (while `enabled`): paging by scrolling. */
export function useWhenSeen(ref: RefObject<Element | null>, onSeen: () => void, enabled: boolean): void {
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onSeen(), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, onSeen, enabled]);
}
