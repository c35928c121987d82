import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { CollectionItem } from '@core/contract';
import { COLLECTIONS_PAGE_SIZE } from '../../api/collections';
import type { PullPhase } from '../../lib/pullPhase';
import { usePull } from '../../lib/usePull';
import { collectionItems } from '../../db/collections';
import { pullCollections } from '../../sync/collections';
import { totalPagesOf } from './pagination';

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
  const [error, setError] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const { phase, retry } = usePull(page, {
    pull: () => pullCollections(page),
    pulled: (pull) => {
      setTotal(pull.total);
      setError(null);
      // A page emptied by deletes steps back to the last page that has cards.
      const last = totalPagesOf(pull.total, COLLECTIONS_PAGE_SIZE);
      if (page > last) setPage(last);
    },
    failed: (next) => setError(next === 'offline' ? 'Network error occurred' : 'Failed to load collections'),
    failure: 'Failed to load collections',
  });

  const items = useLiveQuery(collectionItems, []);
  return {
    items,
    phase,
    error,
    page,
    totalPages: total === null ? null : totalPagesOf(total, COLLECTIONS_PAGE_SIZE),
    setPage,
    reload: retry,
  };
}
