import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function whose identity never changes but that always calls the latest `callback`: props of a
 * memoised component that would otherwise be a new closure on every render.
 */
export function useStableCallback<A extends unknown[], R>(callback: (...args: A) => R): (...args: A) => R {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: A) => latest.current(...args), []);
}
