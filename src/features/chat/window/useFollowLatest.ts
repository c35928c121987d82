import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How close to the bottom (px) still counts as reading the newest messages. */
export const LATEST_DISTANCE = 80;

/** The message being read while older ones load above it, and where it was on screen. */
interface ReadingPlace {
  element: Element;
  top: number;
}

export interface FollowLatest {
  /** The scrolling element. */
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** Everything inside it: when its size changes, the view follows or holds its place. */
  contentRef: RefObject<HTMLDivElement | null>;
  /** The reader has scrolled away from the newest messages ('Jump to latest' is offered). */
  away: boolean;
  onScroll: () => void;
  /** Scrolls to the newest message and keeps following it. */
  jumpToLatest: () => void;
  /** Call before older messages are added above: the message on screen stays where it is. */
  holdReadingPlace: () => void;
}

/**
 * The chat's scrolling. Opened, it shows the newest message, and follows whatever is added or grows
 * at the bottom (a streaming reply, a row that lays out taller than its estimate) for as long as the
 * reader stays at the bottom; scrolled up, nothing moves them, and `away` offers the way back.
 *
 * Size changes are watched (ResizeObserver: after layout, before paint) rather than guessed from
 * React's renders, because rows off screen (`content-visibility: auto`) change height when the
 * browser first lays them out, without any render. Our own scrolls are told from the reader's by
 * the position we set: only a scroll to somewhere else is the reader's.
 */
export function useFollowLatest(): FollowLatest {
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const following = useRef(true);
  const setTop = useRef<number | null>(null);
  const place = useRef<ReadingPlace | null>(null);
  const [away, setAway] = useState(false);

  const scrollTo = useCallback((top: number) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    scroller.scrollTop = top;
    setTop.current = scroller.scrollTop;
  }, []);

  const settle = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    if (following.current) return scrollTo(scroller.scrollHeight);
    const held = place.current;
    if (!held?.element.isConnected) return;
    const moved = offsetIn(scroller, held.element) - held.top;
    if (Math.abs(moved) >= 1) scrollTo(scroller.scrollTop + moved);
  }, [scrollTo]);

  useLayoutEffect(() => {
    const scroller = scrollerRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    settle();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(settle);
    // The content grows as messages come; the scroller shrinks when the composer or a keyboard grows.
    observer.observe(content);
    observer.observe(scroller);
    return () => observer.disconnect();
  }, [settle]);

  const onScroll = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    if (setTop.current !== null && Math.abs(scroller.scrollTop - setTop.current) < 1) return;
    setTop.current = null;
    place.current = null;
    following.current = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < LATEST_DISTANCE;
    setAway(!following.current);
  }, []);

  const jumpToLatest = useCallback(() => {
    following.current = true;
    place.current = null;
    setAway(false);
    settle();
  }, [settle]);

  const holdReadingPlace = useCallback(() => {
    const scroller = scrollerRef.current;
    const content = contentRef.current;
    if (!scroller || !content) return;
    const top = scroller.getBoundingClientRect().top;
    // The first message still (partly) on screen: the one being read.
    const reading = [...content.querySelectorAll('[data-message-id]')].find((row) => row.getBoundingClientRect().bottom > top);
    if (!reading) return;
    following.current = false;
    place.current = { element: reading, top: offsetIn(scroller, reading) };
  }, []);

  return { scrollerRef, contentRef, away, onScroll, jumpToLatest, holdReadingPlace };
}

/** Where `element` is, in px from the top of what `scroller` shows. */
function offsetIn(scroller: Element, element: Element): number {
  return element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
}
