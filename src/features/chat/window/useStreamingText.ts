import { useCallback, useSyncExternalStore } from 'react';
import { streamingText, subscribeStreamingText } from '../../../sync/send/streamingText';

/** A row's text for the window: what this tab has streamed into it, else `stored` (the row's content). */
export function useStreamingText(id: string, stored: string): string {
  const live = useSyncExternalStore(
    useCallback((listener: () => void) => subscribeStreamingText(id, listener), [id]),
    () => streamingText(id),
  );
  return live ?? stored;
}
