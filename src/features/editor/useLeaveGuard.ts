import { useBlocker } from '@tanstack/react-router';

/**
 * Holds a move to another page (or the other /create tab) while the draft is not saved, until the
 * person answers. A reload or a closed tab is not asked about: the draft is written to the device
 * when the page goes and comes back with it.
 */
export function useLeaveGuard(unsaved: boolean) {
  return useBlocker({
    shouldBlockFn: ({ current, next }) =>
      unsaved && (current.pathname !== next.pathname || JSON.stringify(current.search) !== JSON.stringify(next.search)),
    enableBeforeUnload: false,
    withResolver: true,
  });
}
