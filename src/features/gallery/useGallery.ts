import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useRef, useState } from 'react';
import { GALLERY_PAGE_SIZE } from '../../api/images';
import { galleryCards } from '../../db/cards';
import type { CachedCard } from '../../db/db';
import { pullGallery } from '../../sync/gallery';
import type { PullPhase } from '../../lib/pullPhase';
import { usePull } from '../../lib/usePull';

export interface Gallery {
  /** Undefined until Dexie has answered: render nothing rather than a flash of the empty state. */
  cards: CachedCard[] | undefined;
  phase: PullPhase;
  hasMore: boolean;
  loadingMore: boolean;
  retry: () => void;
  loadMore: () => void;
}

/** The home gallery for a search: pulls from the server, and reads what to show from Dexie. */
export function useGallery(q: string | undefined): Gallery {
  const [pages, setPages] = useState(1);
  const [total, setTotal] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // A 'Load more' answer that arrives after the search changed belongs to the old search.
  const currentQ = useRef(q);
  currentQ.current = q;
  const { phase, retry } = usePull(q ?? '', {
    starting: () => {
      setPages(1);
      setTotal(null);
    },
    pull: () => pullGallery({ q, offset: 0 }),
    pulled: (pull) => setTotal(pull.total),
    failure: 'Failed to load public images',
  });

  const cards = useLiveQuery(() => galleryCards({ q, limit: pages * GALLERY_PAGE_SIZE }), [q, pages]);

  const loadMore = useCallback(() => {
    setLoadingMore(true);
    pullGallery({ q, offset: pages * GALLERY_PAGE_SIZE })
      .then((pull) => {
        if (currentQ.current !== q) return;
        setTotal(pull.total);
        setPages((n) => n + 1);
      })
      .catch((error: unknown) => console.error('Failed to load more public images', error))
      .finally(() => setLoadingMore(false));
  }, [q, pages]);

  return {
    cards,
    phase,
    hasMore: phase === 'ready' && total !== null && total > (cards?.length ?? 0),
    loadingMore,
    retry,
    loadMore,
  };
}
