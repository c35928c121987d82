import { joinContinuation } from '@core/chat/swipes';
import { db, type LocalMessage } from '../../db/db';
import { reasoningKey, setStreamingText } from './streamingText';

/**
 * Streamed pieces are shown at the next animation frame: a token is on screen one frame after it
 * arrives, and pieces that arrive within one frame make one repaint. A hidden tab draws no frames,
 * so a timer shows them (and keeps the Dexie writes going for the other tabs) when no frame comes.
 */
const SHOW_WITHOUT_FRAME_MS = 250;

/** How often a streaming reply's text is written to Dexie: for other tabs; this one shows it from memory. */
export const REPLY_SAVE_INTERVAL_MS = 1000;

/**
 * Streamed text goes to memory (streamingText.ts: the window repaints only that bubble) once a
 * frame, and to Dexie slower: the row is written when its first text is shown (it
 * replaces the typing dots; a reply complete before that needs no streaming row at all), then at most
 * once per REPLY_SAVE_INTERVAL_MS, one write at a time. A write per token would re-run the window's
 * live query and re-render the list per token. A continuation's row starts with the reply so far
 * (`row.content`), and the first piece joins it as the server will join it.
 */
export function replyWriter(row: LocalMessage) {
  let text = row.content;
  let added = false;
  /** A thinking model's reasoning so far: shown above the reply, kept in the row for other tabs. */
  let thought = '';
  /** What the row in Dexie holds; null until the row is written. */
  let saved: string | null = null;
  let writing: Promise<void> | null = null;
  let showFrame: number | undefined;
  let showTimer: ReturnType<typeof setTimeout> | undefined;
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const write = () => {
    const next = text;
    const thinking = thought ? { reasoning: [{ text: thought }] } : {};
    const done: Promise<unknown> =
      saved === null ? db.messages.put({ ...row, content: next, ...thinking }) : db.messages.update(row.id, { content: next, ...thinking });
    return done.then(
      () => {
        saved = next;
      },
      (error: unknown) => console.error('Failed to save the streaming reply', error),
    );
  };
  const save = () => {
    saveTimer = undefined;
    writing = write().finally(() => {
      writing = null;
      if (!closed && text !== saved) saveLater();
    });
  };
  const saveLater = () => {
    saveTimer ??= setTimeout(save, REPLY_SAVE_INTERVAL_MS);
  };
  const cancelShow = () => {
    if (showFrame !== undefined) cancelAnimationFrame(showFrame);
    clearTimeout(showTimer);
    showFrame = undefined;
    showTimer = undefined;
  };
  const show = () => {
    cancelShow();
    setStreamingText(row.id, text);
    if (thought) setStreamingText(reasoningKey(row.id), thought);
    if (writing) return;
    if (saved === null) save();
    else saveLater();
  };

  const showSoon = () => {
    if (showTimer !== undefined) return;
    showTimer = setTimeout(show, SHOW_WITHOUT_FRAME_MS);
    if (typeof requestAnimationFrame === 'function') showFrame = requestAnimationFrame(show);
  };

  return {
    append(piece: string) {
      text = added ? text + piece : joinContinuation(text, piece);
      added = true;
      showSoon();
    },
    think(piece: string) {
      thought += piece;
      showSoon();
    },
    get text() {
      return text;
    },
    /** Whether any piece arrived. */
    get added() {
      return added;
    },
    /** No more pieces: waits for the write under way and, with `save`, writes the rest of the text. */
    async close({ save: keep }: { save: boolean }) {
      closed = true;
      cancelShow();
      clearTimeout(saveTimer);
      await writing;
      if (keep && added && text !== saved) await write();
    },
  };
}
