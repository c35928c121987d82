import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GALLERY_PAGE_SIZE } from '../../api/images';
import { galleryCards } from '../../db/cards';
import type { CachedCard } from '../../db/db';
import { pullGallery } from '../../sync/gallery';
import { connectivity, onReconnected } from '../../lib/connectivity';
import { failedPullPhase, type PullPhase } from '../../lib/pullPhase';

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
  const [phase, setPhase] = useState<PullPhase>('loading');
  const [total, setTotal] = useState<number | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  // A 'Load more' answer that arrives after the search changed belongs to the old search.
  const currentQ = useRef(q);
  currentQ.current = q;

  useEffect(() => {
    let current = true;
    setPages(1);
    setTotal(null);
    if (connectivity() !== 'online') {
      setPhase('offline');
      return;
    }
    setPhase('loading');
    pullGallery({ q, offset: 0 }).then(
      (pull) => {
        if (!current) return;
        setTotal(pull.total);
        setPhase('ready');
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Failed to load public images', error);
        setPhase(failedPullPhase(error));
      },
    );
    return () => {
      current = false;
    };
  }, [q, attempt]);

  // cardchat answering again (after offline or unreachable) refreshes what was shown from the cache.
  useEffect(() => {
    return onReconnected(() => setAttempt((n) => n + 1));
  }, []);

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
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    loadMore,
  };
}
