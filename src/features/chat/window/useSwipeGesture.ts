import { useRef, type PointerEvent } from 'react';

/** How far (px) a finger must travel sideways, and how much more than up or down, to count as a swipe. */
const DISTANCE = 60;

/**
 * A finger swiped across the last reply: left shows the next version (or asks for a new one past the
 * last), right the previous, as on SillyTavern's phone layout. Touch only: a mouse drag selects text.
 * The element needs `touch-action: pan-y`, so the browser leaves sideways moves to the page.
 */
export function useSwipeGesture(onSwipe: ((direction: 'next' | 'previous') => void) | undefined) {
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  if (!onSwipe) return {};
  return {
    onPointerDown: (event: PointerEvent) => {
      if (event.pointerType === 'touch' && event.isPrimary) start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== event.pointerId) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) >= DISTANCE && Math.abs(dx) > 2 * Math.abs(dy)) onSwipe(dx < 0 ? 'next' : 'previous');
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
