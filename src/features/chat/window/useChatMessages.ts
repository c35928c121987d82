import { useCallback, useEffect, useRef, useState } from 'react';
import { countBefore, newestRows, pageRows, rowsAfter, rowsBefore } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import { connectivity, onReconnected } from '../../../lib/connectivity';
import { pullMessagesAround, pullNewerMessages, pullNewestMessages, pullOlderMessages, type PulledPage } from '../../../sync/chatMessages';
import {
  DEVICE_COPY,
  knownAround,
  knownFromNewest,
  knownWithNewer,
  knownWithOlder,
  PREFETCH_ROWS,
  splitOpenPage,
  trimmed,
  WINDOW_PAGE,
  type Known,
  type WindowPage,
} from './messageWindow';
import { usePageRows } from './usePageRows';

export const LOAD_MORE_FAILED = 'Failed to load more messages';

/** 'loading' until page 1 answers; 'saved' when the device's copy is all there is (offline or failed). */
export type MessagesPhase = 'loading' | 'ready' | 'saved';

export interface ChatMessagesState {
  /** The window's rows, oldest first; undefined until the device has answered. */
  messages: LocalMessage[] | undefined;
  phase: MessagesPhase;
  /** Older messages exist (on the device or the server) above the window. */
  hasOlder: boolean;
  loadingOlder: boolean;
  loadOlderError: string | null;
  /** Adds the older messages just above the window (`count` of them, a scroll's page by default). */
  loadOlder: (count?: number) => void;
  /** The window holds the chat's newest message (else newer ones are below it). */
  atNewest: boolean;
  loadingNewer: boolean;
  loadNewer: () => void;
  /** Shows the newest messages again (the window had moved up, or opened at a found message). */
  toNewest: () => void;
}

/** One page of the window holding `rows` and, when `open`, all that comes after them. */
function pageOf(rows: LocalMessage[], open: boolean, floor = -Infinity): WindowPage {
  return { from: rows[0]?.seq ?? floor, to: open ? null : rows.at(-1)!.seq + 1, rows };
}

/** The newest rows the device holds within `known`, as the window's one open page. */
async function newestPage(chatId: string, known: Known): Promise<WindowPage> {
  const rows = (await newestRows(chatId, WINDOW_PAGE)).filter((row) => row.seq >= known.from);
  const from = rows[0]?.seq ?? known.from;
  return { from, to: null, rows: await pageRows(chatId, from, null) };
}

/**
 * A chat's messages as the window shows them. Opening pulls page 1 (the newest 10) and shows the
 * newest rows; or, opened `at` a found message, the page around it. Scrolling reads on a page at a
 * time from the device, pulling the next stretch from the server a little before the device runs out
 * (PREFETCH_ROWS), and the window stays bounded (messageWindow.ts). Offline, the device's copy is read
 * the same way.
 */
export function useChatMessages(chatId: string, { onServer, at }: { onServer: boolean; at?: number | undefined }): ChatMessagesState {
  const [pages, setPages] = useState<WindowPage[] | undefined>(undefined);
  const [phase, setPhase] = useState<MessagesPhase>(onServer ? 'loading' : 'ready');
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const [loadOlderError, setLoadOlderError] = useState<string | null>(null);
  const known = useRef<Known>(DEVICE_COPY);
  /** What page 1 said, for going back to the newest from a found message. */
  const newest = useRef<Known>(DEVICE_COPY);
  const busy = useRef<Promise<void> | null>(null);
  const prefetching = useRef<Promise<unknown> | null>(null);
  const shown = usePageRows(chatId, pages ?? []);
  const pagesRef = useRef(pages);
  pagesRef.current = pages;
  const shownRef = useRef(shown);
  shownRef.current = shown;
  /** How many rows a page holds now (pages grow as messages arrive). */
  const sizeOf = useCallback((page: WindowPage) => shownRef.current.rowsOf(page).length, []);

  const [attempt, setAttempt] = useState(0);
  const saved = phase === 'saved';
  // A chat shown from the device's copy is pulled again once cardchat answers again.
  useEffect(() => (saved ? onReconnected(() => setAttempt((n) => n + 1)) : undefined), [saved]);

  useEffect(() => {
    let live = true;
    const show = (page: WindowPage) => live && setPages([page]);
    const fromDevice = async () => {
      known.current = newest.current = DEVICE_COPY;
      show(await newestPage(chatId, DEVICE_COPY));
    };
    const open = async () => {
      if (!onServer) return fromDevice();
      // The device's copy first, while page 1 is on its way.
      if (attempt === 0 && at === undefined) show(await newestPage(chatId, DEVICE_COPY));
      if (connectivity() !== 'online') {
        if (live) setPhase('saved');
        return fromDevice();
      }
      try {
        const [latest, around] = await Promise.all([pullNewestMessages(chatId), at === undefined ? null : pullMessagesAround(chatId, at)]);
        newest.current = knownFromNewest(latest);
        known.current = around ? knownAround(around) : newest.current;
        if (around && around.first !== null) {
          const to = known.current.end ? null : around.last! + 1;
          show({ from: around.first, to, rows: await pageRows(chatId, around.first, to) });
        } else show(await newestPage(chatId, known.current));
        if (live) setPhase('ready');
      } catch (error) {
        console.error('Failed to load messages', error);
        if (live) setPhase('saved');
        await fromDevice();
      }
    };
    void open();
    return () => {
      live = false;
    };
    // Opened once per chat (and found message): not again when a new chat reaches the server (its rows are here).
    // eslint-disable-next-line react-hooks/exhaustive-deps -- onServer is read at opening only
  }, [chatId, at, attempt]);

  /** Pulls the stretch before the known one from the server (once at a time). */
  const pullOlder = useCallback(() => {
    prefetching.current ??= pullOlderMessages(chatId, known.current.from)
      .then((page: PulledPage) => {
        known.current = knownWithOlder(known.current, page);
      })
      .finally(() => {
        prefetching.current = null;
      });
    return prefetching.current;
  }, [chatId]);

  /** Runs `step` after the one running, if any: one page at a time, and a press during a load is not lost. */
  const next = useRef<(() => Promise<void>) | null>(null);
  const single = useCallback((step: () => Promise<void>) => {
    if (busy.current) {
      next.current = step;
      return;
    }
    const run = (current: () => Promise<void>): Promise<void> =>
      current().finally(() => {
        const queued = next.current;
        next.current = null;
        busy.current = queued ? run(queued) : null;
      });
    busy.current = run(step);
  }, []);

  const loadOlder = useCallback(
    (count = WINDOW_PAGE) =>
      single(async () => {
        const top = pagesRef.current?.[0];
        if (!top) return;
        setLoadOlderError(null);
        try {
          let rows = await rowsBefore(chatId, top.from, known.current.from, count);
          if (rows.length < count && !known.current.start) {
            // Shown only while the server is asked: a page from the device comes within a frame, and
            // showing it would lay the list out twice more per page.
            setLoadingOlder(true);
            await pullOlder();
            rows = await rowsBefore(chatId, top.from, known.current.from, count);
          }
          if (rows.length === 0) return setHasOlder(false);
          const page = pageOf(rows, false);
          setPages((current) => (current?.[0] === top ? trimmed([page, ...current], sizeOf, 'top') : current));
          // The next stretch is pulled while this one is read.
          const left = await countBefore(chatId, page.from, known.current.from, PREFETCH_ROWS);
          if (left < PREFETCH_ROWS && !known.current.start && connectivity() === 'online') {
            pullOlder().catch((error: unknown) => console.warn('Could not pull older messages ahead', error));
          }
        } catch (error) {
          console.error(LOAD_MORE_FAILED, error);
          setLoadOlderError(LOAD_MORE_FAILED);
        } finally {
          setLoadingOlder(false);
        }
      }),
    [chatId, pullOlder, single, sizeOf],
  );

  const loadNewer = useCallback(
    () =>
      single(async () => {
        const bottom = pagesRef.current?.at(-1);
        if (!bottom || bottom.to === null) return;
        try {
          const ceiling = () => (known.current.end ? Infinity : known.current.to);
          let rows = await rowsAfter(chatId, bottom.to - 1, ceiling(), WINDOW_PAGE);
          if (rows.length < WINDOW_PAGE && !known.current.end) {
            setLoadingNewer(true);
            known.current = knownWithNewer(known.current, await pullNewerMessages(chatId, known.current.to));
            rows = await rowsAfter(chatId, bottom.to - 1, ceiling(), WINDOW_PAGE);
          }
          const open = known.current.end && rows.length < WINDOW_PAGE;
          if (rows.length === 0 && !open) return;
          const page = open ? { from: bottom.to, to: null, rows: await pageRows(chatId, bottom.to, null) } : pageOf(rows, false);
          setPages((current) => (current?.at(-1) === bottom ? trimmed([...current, page], sizeOf, 'bottom') : current));
        } catch (error) {
          console.error(LOAD_MORE_FAILED, error);
        } finally {
          setLoadingNewer(false);
        }
      }),
    [chatId, single, sizeOf],
  );

  const toNewest = useCallback(() => {
    if (pagesRef.current?.at(-1)?.to === null) return;
    known.current = newest.current;
    void newestPage(chatId, known.current).then((page) => setPages([page]));
  }, [chatId]);

  // Older rows above the window: on the server, or on the device within what is known.
  const top = pages?.[0]?.from;
  useEffect(() => {
    if (top === undefined) return;
    let live = true;
    if (!known.current.start) setHasOlder(true);
    else void countBefore(chatId, top, known.current.from, 1).then((held) => live && setHasOlder(held > 0));
    return () => {
      live = false;
    };
  }, [chatId, top, phase]);

  // The open page cut in two once it grows long (many messages sent in one sitting).
  const open = pages?.at(-1);
  const openRows = open && open.to === null ? shown.rowsOf(open) : undefined;
  useEffect(() => {
    if (!open || !openRows) return;
    const split = splitOpenPage(open, openRows);
    if (split.length > 1)
      setPages((current) => (current?.at(-1) === open ? trimmed([...current.slice(0, -1), ...split], sizeOf, 'bottom') : current));
  }, [open, openRows, sizeOf]);

  return {
    messages: pages === undefined ? undefined : shown.rows,
    phase,
    hasOlder,
    loadingOlder,
    loadOlderError,
    loadOlder,
    atNewest: pages?.at(-1)?.to === null,
    loadingNewer,
    loadNewer,
    toNewest,
  };
}
