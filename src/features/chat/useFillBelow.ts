import { useLayoutEffect, type RefObject } from 'react';

/**
 * Sets `--fill-top` on the element to where it starts on the page, so its CSS can take exactly the
 * rest of the viewport. Measured rather than assumed: the top bar grows past --topbar-height with
 * its touch-sized buttons, padding and a phone's safe-area inset.
 */
export function useFillBelow(ref: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => element.style.setProperty('--fill-top', `${element.getBoundingClientRect().top + window.scrollY}px`);
    update();
    window.addEventListener('resize', update);
    // What sits above the page can change height without a resize: the top bar's offline line comes and goes.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    for (let above = element.closest('main')?.previousElementSibling; above; above = above.previousElementSibling) {
      observer?.observe(above);
    }
    return () => {
      window.removeEventListener('resize', update);
      observer?.disconnect();
    };
  }, [ref]);
}
