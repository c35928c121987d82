import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useRef, useState } from 'react';
import { GALLERY_PAGE_SIZE, type GalleryQuery } from '../../api/images';
import { galleryCards, listHasMore, listKey } from '../../db/cards';
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
  /** The next page: pulled when cardchat answers, else more of the device's copy. */
  loadMore: () => void;
}

/** A gallery list (Home's sort, search and tags; NSFW cards when chosen): pulls from the server, reads what to show from Dexie. */
export function useGallery(query: GalleryQuery): Gallery {
  const key = listKey(query);
  const [pages, setPages] = useState(1);
  const [loadingMore, setLoadingMore] = useState(false);
  // The query as of this render: a 'Load more' answer that arrives after it changed belongs to the old one.
  const current = useRef({ key, query });
  current.current = { key, query };
  const { phase, retry } = usePull(key, {
    starting: () => setPages(1),
    pull: () => pullGallery({ ...current.current.query, offset: 0 }),
    pulled: () => undefined,
    failure: 'Failed to load public images',
  });

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
    retry,
    loadMore,
  };
}
