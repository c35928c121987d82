import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState } from 'react';
import type { CollectionItem } from '@core/contract';
import { COLLECTIONS_PAGE_SIZE } from '../../api/collections';
import { failedPullPhase, type PullPhase } from '../../lib/pullPhase';
import { collectionItems } from '../../db/collections';
import { pullCollections } from '../../sync/collections';
import { totalPagesOf } from './pagination';
import { connectivity, onReconnected } from '../../lib/connectivity';

export interface Collections {
  /** Undefined until Dexie answers. */
  items: CollectionItem[] | undefined;
  phase: PullPhase;
  error: string | null;
  page: number;
  /** Known after a pull; null offline before any. */
  totalPages: number | null;
  setPage: (page: number) => void;
  reload: () => void;
}

/** The user's collection a page at a time: pulled into Dexie, read back with useLiveQuery. */
export function useCollections(): Collections {
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  const [phase, setPhase] = useState<PullPhase>('loading');
  const [error, setError] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);

  useEffect(() => {
    let current = true;
    if (connectivity() !== 'online') {
      setPhase('offline');
      return;
    }
    setPhase('loading');
    pullCollections(page).then(
      (pull) => {
        if (!current) return;
        setTotal(pull.total);
        setError(null);
        // A page emptied by deletes steps back to the last page that has cards.
        const last = totalPagesOf(pull.total, COLLECTIONS_PAGE_SIZE);
        if (page > last) setPage(last);
        setPhase('ready');
      },
      (failure: unknown) => {
        if (!current) return;
        console.error('Failed to load collections', failure);
        const next = failedPullPhase(failure);
        setError(next === 'offline' ? 'Network error occurred' : 'Failed to load collections');
        setPhase(next);
      },
    );
    return () => {
      current = false;
    };
  }, [page, attempt]);

  useEffect(() => {
    return onReconnected(() => setAttempt((n) => n + 1));
  }, []);

  const items = useLiveQuery(collectionItems, []);
  return {
    items,
    phase,
    error,
    page,
    totalPages: total === null ? null : totalPagesOf(total, COLLECTIONS_PAGE_SIZE),
    setPage,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
  };
}
