import { useEffect } from 'react';
import { createStore, useStore } from '../../lib/store';

/** How many pages ask for the screen (normally one): the shell tucks its top bar away while any does. */
const readers = createStore(0);

/**
 * A page that wants the whole screen while `active` (a chat open on a phone, where the top bar and
 * the chat's own header would leave the story a third of the screen): the shell hides its bar.
 */
export function useReadingMode(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    readers.set(readers.get() + 1);
    return () => readers.set(readers.get() - 1);
  }, [active]);
}

/** Whether a page has the screen now. */
export const useReading = (): boolean => useStore(readers) > 0;
