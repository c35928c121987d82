/**
 * The window of a chat's messages the list draws: a few pages of rows next to each other (seq ranges
 * `[from, to)`, the last one open-ended while it holds the newest message), at most MAX_WINDOW_ROWS
 * rows in all, however long the chat. Reading on adds a page at one end and drops pages at the other,
 * far out of view; each page is read from the device on its own, so a page costs the same whether it
 * is the 2nd or the 400th. `Known` is the stretch of the chat the device is known to hold as the
 * server does (pulled in this window's life), so rows outside it are never shown as if they were next
 * to each other.
 */
import type { LocalMessage } from '../../../db/db';
import type { PulledPage } from '../../../sync/chatMessages';

/** Rows a page read while scrolling adds: a few screens. */
export const WINDOW_PAGE = 50;
/** What 'Load More History (10)' adds, as its name says. */
export const BUTTON_PAGE = 10;
/** The most rows the window holds (the DOM's message rows, whatever the chat's length). */
export const MAX_WINDOW_ROWS = 250;
/** Pull the next stretch from the server once fewer rows than this are left on the device past the window. */
export const PREFETCH_ROWS = 150;

export interface WindowPage {
  /** The seq of the page's first row (-Infinity: from the chat's start, for a chat shown whole). */
  from: number;
  /** One past the seq of its last row; null: to the end of the chat (new messages appear in it). */
  to: number | null;
  /** Its rows when it was read (its live query takes over from there). */
  rows: LocalMessage[];
}

export const pageKey = (page: Pick<WindowPage, 'from' | 'to'>) => `${page.from}:${page.to ?? 'end'}`;

/** What the device holds as the server does: seqs from `from` to `to`, with whether those are the chat's ends. */
export interface Known {
  from: number;
  to: number;
  /** Nothing is older than `from` on the server. */
  start: boolean;
  /** `to` reaches the newest message (new ones keep arriving after it). */
  end: boolean;
}

/** Offline, or for a chat the server does not have yet: the device's copy is all there is. */
export const DEVICE_COPY: Known = { from: -Infinity, to: Infinity, start: true, end: true };

/** After page 1 (the newest messages). */
export function knownFromNewest(page: PulledPage): Known {
  return { from: page.first ?? -Infinity, to: Infinity, start: !page.hasBefore, end: true };
}

/** After the page around a found message. */
export function knownAround(page: PulledPage): Known {
  return {
    from: page.first ?? -Infinity,
    to: page.hasAfter ? (page.last ?? Infinity) : Infinity,
    start: !page.hasBefore,
    end: !page.hasAfter,
  };
}

/** After the page just before `known.from`. */
export function knownWithOlder(known: Known, page: PulledPage): Known {
  return { ...known, from: page.first ?? known.from, start: page.first === null || !page.hasBefore };
}

/** After the page just after `known.to`. */
export function knownWithNewer(known: Known, page: PulledPage): Known {
  const end = page.last === null || !page.hasAfter;
  return { ...known, to: end ? Infinity : page.last!, end };
}

/**
 * `pages` with pages dropped at the far end while the window holds more than MAX_WINDOW_ROWS rows:
 * from the bottom after reading older messages (`keep: 'top'`), from the top after reading newer
 * ones. The page just added always stays, and so does its neighbour (where the reader is).
 */
export function trimmed(pages: WindowPage[], size: (page: WindowPage) => number, keep: 'top' | 'bottom'): WindowPage[] {
  const kept = keep === 'top' ? [...pages] : [...pages].reverse();
  let total = kept.reduce((sum, page) => sum + size(page), 0);
  while (kept.length > 2 && total > MAX_WINDOW_ROWS) total -= size(kept.pop()!);
  return keep === 'top' ? kept : kept.reverse();
}

/**
 * The open page cut in two once it holds more than two pages' worth (a long evening of messages
 * sent in one sitting), so the window can drop its older part like any other page.
 */
export function splitOpenPage(page: WindowPage, rows: LocalMessage[]): WindowPage[] {
  if (page.to !== null || rows.length <= 2 * WINDOW_PAGE) return [page];
  const cut = rows.length - WINDOW_PAGE;
  const at = rows[cut]!.seq;
  return [
    { from: page.from, to: at, rows: rows.slice(0, cut) },
    { from: at, to: null, rows: rows.slice(cut) },
  ];
}
