/**
 * The text of the replies this tab is streaming, by row id. A streamed token lands here, not in
 * Dexie: a Dexie write per token would re-run the window's live query and re-render every bubble,
 * while this wakes only the bubble showing that reply. Dexie gets the text at a slower cadence
 * (replyWriter.ts), enough for another tab and for Stop and failures to keep what arrived.
 */
const texts = new Map<string, string>();
const listeners = new Map<string, Set<() => void>>();

function notify(id: string): void {
  listeners.get(id)?.forEach((listener) => listener());
}

export function setStreamingText(id: string, text: string): void {
  texts.set(id, text);
  notify(id);
}

/**
 * The reply is settled in Dexie (stored, stopped or failed): its row's content is the truth again.
 * Silent: a repaint now would show the row's older text for a moment, before the live query brings
 * the settled rows; the bubble's next render reads the row.
 */
export function endStreamingText(id: string): void {
  texts.delete(id);
}

/** Where a streaming reply's reasoning is kept beside its text (the same store, its own key). */
export const reasoningKey = (id: string) => `${id}#reasoning`;

/** The reply's text as streamed so far in this tab, or undefined when this tab is not streaming it. */
export function streamingText(id: string): string | undefined {
  return texts.get(id);
}

/** Calls `listener` whenever the reply's streamed text changes. */
export function subscribeStreamingText(id: string, listener: () => void): () => void {
  let set = listeners.get(id);
  if (!set) listeners.set(id, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) listeners.delete(id);
  };
}
