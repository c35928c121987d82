import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { GALLERY_PAGE_SIZE, type GalleryQuery } from '../../api/images';
import { galleryCards, listHasMore, listKey } from '../../db/cards';
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
  /** The next page: pulled when cardchat answers, else more of the device's copy. */
  loadMore: () => void;
}

/** A gallery list (Home's sort, search and tags; NSFW cards when chosen): pulls from the server, reads what to show from Dexie. */
export function useGallery(query: GalleryQuery): Gallery {
  const key = listKey(query);
  const [pages, setPages] = useState(1);
  const [phase, setPhase] = useState<PullPhase>('loading');
  const [attempt, setAttempt] = useState(0);
  const [loadingMore, setLoadingMore] = useState(false);
  // The query as of this render, for pulls started by an effect keyed by `key` alone.
  const current = useRef({ key, query });
  current.current = { key, query };

  useEffect(() => {
    let live = true;
    setPages(1);
    if (connectivity() !== 'online') {
      setPhase('offline');
      return;
    }
    setPhase('loading');
    pullGallery({ ...current.current.query, offset: 0 }).then(
      () => live && setPhase('ready'),
      (error: unknown) => {
        if (!live) return;
        console.error('Failed to load public images', error);
        setPhase(failedPullPhase(error));
      },
    );
    return () => {
      live = false;
    };
  }, [key, attempt]);

  // cardchat answering again (after offline or unreachable) refreshes what was shown from the cache.
  useEffect(() => onReconnected(() => setAttempt((n) => n + 1)), []);

  const shown = pages * GALLERY_PAGE_SIZE;
  const view = useLiveQuery(
    async () => ({
      cards: await galleryCards({ ...current.current.query, limit: shown }),
      more: await listHasMore(current.current.query, shown),
    }),
    [key, shown],
  );

  const loadMore = useCallback(() => {
    if (phase !== 'ready') {
      setPages((n) => n + 1);
      return;
    }
    const asked = key;
    setLoadingMore(true);
    pullGallery({ ...current.current.query, offset: pages * GALLERY_PAGE_SIZE })
      .then(() => {
        if (current.current.key === asked) setPages((n) => n + 1);
      })
      .catch((error: unknown) => console.error('Failed to load more public images', error))
      .finally(() => setLoadingMore(false));
  }, [key, pages, phase]);

  return {
    cards: view?.cards,
    phase,
    hasMore: view?.more === true,
    loadingMore,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    loadMore,
  };
}
