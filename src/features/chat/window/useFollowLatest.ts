import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/** How close to the bottom (px) still counts as reading the newest messages. */
export const LATEST_DISTANCE = 80;
/**
 * How many screens before an end of the window the next page is read: it is there before the reader
 * is, even flinging (a fast fling covers two screens in a few frames, less than a page takes to draw).
 */
const EDGE_SCREENS = 4;

/**
 * The message at the top of the view, and where it was in the scrolled content (px from the content's
 * top, whatever the scroll position): it moves there only when something above it changed size.
 */
interface ReadingPlace {
  element: Element;
  at: number;
}

export interface WindowEdges {
  /** The window holds the chat's newest message (following it makes sense). */
  atNewest: boolean;
  /** The reader came within a few screens of the window's top, or its bottom when newer messages are below it. */
  onNearTop: () => void;
  onNearBottom: () => void;
}

export interface FollowLatest {
  /** The scrolling element. */
  scrollerRef: RefObject<HTMLDivElement | null>;
  /** Everything inside it: when its size changes, the view follows or holds its place. */
  contentRef: RefObject<HTMLDivElement | null>;
  /** The reader is not at the newest messages ('Jump to latest' is offered). */
  away: boolean;
  onScroll: () => void;
  /** Scrolls to the newest message and keeps following it. */
  jumpToLatest: () => void;
  /** The window's rows changed (a page added or dropped): hold the reader's place, then look at the edges. */
  settle: () => void;
  /** Brings `element` to the middle of the view (a found message), and holds it there. */
  reveal: (element: Element) => void;
}

/** Where `element` is, in px from the top of what `scroller` shows. */
function offsetIn(scroller: Element, element: Element): number {
  return element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
}

/** Where `element` is in the content `scroller` scrolls: unchanged by scrolling, changed by what grows above it. */
function contentTop(scroller: Element, element: Element): number {
  return offsetIn(scroller, element) + scroller.scrollTop;
}

/** The first message row still (partly) in view: a binary search, rows being in the order they are shown. */
function firstInView(scroller: Element, content: Element): Element | undefined {
  const rows = content.querySelectorAll('[data-message-id]');
  const top = scroller.getBoundingClientRect().top;
  let low = 0;
  let high = rows.length - 1;
  let found: Element | undefined;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (rows[middle]!.getBoundingClientRect().bottom > top) {
      found = rows[middle];
      high = middle - 1;
    } else low = middle + 1;
  }
  return found;
}

/**
 * The chat's scrolling. Opened, it shows the newest message and follows whatever is added or grows at
 * the bottom (a streaming reply, a row that lays out taller than its estimate) while the reader stays
 * there; scrolled up, the message at the top of the view stays where it is on screen whatever changes
 * around it (pages added above or dropped, rows laying out, pictures loading), and `away` offers the
 * way back. Near an end of the window the next page is asked for, so scrolling alone reads the chat.
 *
 * Sizes are watched (ResizeObserver: after layout, before paint) rather than guessed from renders,
 * because rows change height without a render of ours (a picture loading, a font arriving, the
 * streaming text). The place is held by where the message being read sits in the content, not on
 * screen: the reader may have scrolled since it was noted (a fling scrolls every frame, before its
 * scroll event), and that scroll must stay, only what grew or shrank above the message is made up
 * for. The browser's own scroll anchoring is off (the list's CSS), so the two never both make up
 * for the same change, and every browser holds the place the same way, at the very top too.
 * Our own scrolls are told from the reader's by the position we set.
 */
export function useFollowLatest({ atNewest, onNearTop, onNearBottom }: WindowEdges): FollowLatest {
  const scrollerRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const following = useRef(true);
  const setTop = useRef<number | null>(null);
  const place = useRef<ReadingPlace | null>(null);
  const [away, setAway] = useState(false);
  const edges = useRef({ atNewest, onNearTop, onNearBottom });
  edges.current = { atNewest, onNearTop, onNearBottom };

  const scrollTo = useCallback((top: number) => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    scroller.scrollTop = top;
    setTop.current = scroller.scrollTop;
  }, []);

  const remember = useCallback(() => {
    const scroller = scrollerRef.current;
    const content = contentRef.current;
    const reading = scroller && content ? firstInView(scroller, content) : undefined;
    place.current = scroller && reading ? { element: reading, at: contentTop(scroller, reading) } : null;
  }, []);

  const lookAtEdges = useCallback(() => {
    const scroller = scrollerRef.current;
    // Not laid out (hidden, or no layout at all): no edge is near.
    if (!scroller || scroller.clientHeight === 0) return;
    const margin = scroller.clientHeight * EDGE_SCREENS;
    if (scroller.scrollTop < margin) edges.current.onNearTop();
    if (!edges.current.atNewest && scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < margin)
      edges.current.onNearBottom();
  }, []);

  const settle = useCallback(() => {
    const scroller = scrollerRef.current;
    if (!scroller) return;
    if (following.current && edges.current.atNewest) scrollTo(scroller.scrollHeight);
    else {
      const held = place.current;
      if (held?.element.isConnected) {
        const moved = contentTop(scroller, held.element) - held.at;
        if (Math.abs(moved) >= 1) scrollTo(scroller.scrollTop + moved);
      }
      // The message read now (a page dropped may have taken the one noted).
      remember();
    }
    lookAtEdges();
  }, [scrollTo, remember, lookAtEdges]);

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
    const atBottom = scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight < LATEST_DISTANCE;
    following.current = atBottom && edges.current.atNewest;
    remember();
    setAway(!following.current);
    lookAtEdges();
  }, [remember, lookAtEdges]);

  const jumpToLatest = useCallback(() => {
    following.current = true;
    place.current = null;
    setAway(false);
    settle();
  }, [settle]);

  const reveal = useCallback(
    (element: Element) => {
      const scroller = scrollerRef.current;
      if (!scroller) return;
      following.current = false;
      setAway(true);
      scrollTo(scroller.scrollTop + offsetIn(scroller, element) - (scroller.clientHeight - element.getBoundingClientRect().height) / 2);
      remember();
    },
    [scrollTo, remember],
  );

  return { scrollerRef, contentRef, away: away || !atNewest, onScroll, jumpToLatest, settle, reveal };
}
