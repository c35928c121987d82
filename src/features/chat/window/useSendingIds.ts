import { useMemo } from 'react';
import { useStore } from '../../../lib/store';
import { sendingByChat } from '../../../sync/delivery';

/** The client ids this tab is sending right now. */
export function useSendingIds(): ReadonlySet<string> {
  const current = useStore(sendingByChat);
  return useMemo(() => new Set(current.values()), [current]);
}
