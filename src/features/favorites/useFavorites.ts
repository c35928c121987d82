import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { Favorite } from '@core/contract';
import { favoritesList } from '../../db/favorites';
import { pullFavorites, pullFavoritesCount, removeFromFavorites } from '../../sync/favorites';
import { afterRemove, hasMorePages } from './favoritesLogic';
import { connectivity, onReconnected } from '../../lib/connectivity';
import { failedPullPhase, type PullPhase } from '../../lib/pullPhase';

export interface FavoritesState {
  /** Undefined until Dexie has answered. */
  favorites: Favorite[] | undefined;
  /** How many the user has, as the server last said; null until it has (the device may hold only some). */
  count: number | null;
  phase: PullPhase;
  hasMore: boolean;
  loadingMore: boolean;
  /** 'Failed to remove from favorites' after a refused removal, until the next action. */
  removeError: string | null;
  retry: () => void;
  loadMore: () => void;
  remove: (favorite: Favorite) => void;
}

/** The Favorites page's list: pulled from the server a page at a time, read from Dexie. */
export function useFavorites(): FavoritesState {
  const favorites = useLiveQuery(favoritesList, []);
  const [phase, setPhase] = useState<PullPhase>('loading');
  const [page, setPage] = useState(1);
  const [totalPages, setTotalPages] = useState(0);
  const [serverCount, setServerCount] = useState<number | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    if (connectivity() !== 'online') {
      setPhase('offline');
      return;
    }
    setPhase('loading');
    Promise.all([pullFavorites(1), pullFavoritesCount()]).then(
      ([pull, count]) => {
        if (!current) return;
        setPage(pull.page);
        setTotalPages(pull.totalPages);
        setServerCount(count);
        setPhase('ready');
      },
      (error: unknown) => {
        if (!current) return;
        console.error('Failed to load favorites', error);
        setPhase(failedPullPhase(error));
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  useEffect(() => {
    return onReconnected(() => setAttempt((n) => n + 1));
  }, []);

  const loadPage = useCallback((next: number) => {
    setLoadingMore(true);
    return pullFavorites(next)
      .then((pull) => {
        setPage(pull.page);
        setTotalPages(pull.totalPages);
      })
      .catch((error: unknown) => {
        console.error('Failed to load favorites', error);
        setPhase(failedPullPhase(error));
      })
      .finally(() => setLoadingMore(false));
  }, []);

  // Read when a removal settles, which may be after other removals changed them.
  const latest = useRef({ count: serverCount ?? 0, page });
  latest.current = { count: serverCount ?? 0, page };

  const remove = useCallback(
    (favorite: Favorite) => {
      setRemoveError(null);
      removeFromFavorites(favorite).then(
        (remaining) => {
          const next = afterRemove({ ...latest.current, remaining });
          latest.current.count = next.count;
          setServerCount(next.count);
          if (next.reloadPage !== null) void loadPage(next.reloadPage);
        },
        (error: unknown) => {
          console.error('Failed to remove from favorites', error);
          setRemoveError('Failed to remove from favorites');
        },
      );
    },
    [loadPage],
  );

  return {
    favorites,
    count: serverCount,
    phase,
    hasMore: phase === 'ready' && hasMorePages(page, totalPages),
    loadingMore,
    removeError,
    retry: useCallback(() => setAttempt((n) => n + 1), []),
    loadMore: useCallback(() => void loadPage(page + 1), [loadPage, page]),
    remove,
  };
}
