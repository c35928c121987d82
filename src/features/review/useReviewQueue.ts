import { useCallback, useEffect, useState } from 'react';
import type { ReviewQueue } from '@core/contract';
import { getReviewQueue } from '../../api/publishing';

/**
 * The administrators' queue, asked of the server each time (it is theirs to act on now, and never
 * kept on a device). `act` runs a decision and asks for the queue again; its error is kept to show.
 */
export function useReviewQueue(enabled: boolean) {
  const [queue, setQueue] = useState<ReviewQueue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    getReviewQueue().then(
      (next) => {
        setQueue(next);
        setError(null);
      },
      (failure: unknown) => setError(failure instanceof Error ? failure.message : 'Failed to load the queue'),
    );
  }, []);
  useEffect(() => {
    if (enabled) load();
  }, [enabled, load]);
  const act = useCallback(
    async (decision: () => Promise<unknown>) => {
      try {
        await decision();
        setError(null);
      } catch (failure) {
        setError(failure instanceof Error ? failure.message : 'That did not work. Please try again.');
      }
      load();
    },
    [load],
  );
  return { queue, error, act, reload: load };
}
