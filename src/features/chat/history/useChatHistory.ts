import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_LIST_PAGE_SIZE } from '../../../api/chatList';
import { recentChats } from '../../../db/chatList';
import type { LocalChat } from '../../../db/db';
import { useOnline } from '../../../lib/useOnline';
import { pullChatList, type ChatListPull } from '../../../sync/chatList';
import { failedPullPhase, type PullPhase } from '../../../lib/pullPhase';

/** The delay before the list's first load (docs/PRODUCT.md, Limits). */
export const FIRST_LOAD_DELAY_MS = 100;
/** How long typing must pause before the search goes to the server (the device's list filters at once). */
export const SEARCH_DELAY_MS = 300;

export interface ChatHistoryState {
  /** Undefined until Dexie has answered. */
  chats: LocalChat[] | undefined;
  phase: PullPhase;
  hasMore: boolean;
  loadingMore: boolean;
  /** Load More failed; cleared by the next attempt. */
  moreFailed: boolean;
  /** Pulls the first page again (the Refresh and Retry buttons). */
  reload: () => void;
  loadMore: () => void;
}

/**
 * The recent list: read from Dexie (filtered by `query` there at once), pulled from the server a page
 * of 5 at a time, with `q` while searching. Pages already pulled stay in Dexie, so Load More shows
 * them offline too.
 */
export function useChatHistory(query: string): ChatHistoryState {
  const online = useOnline();
  const q = query.trim();
  const [pages, setPages] = useState(1);
  const [pulled, setPulled] = useState<ChatListPull | null>(null);
  const [phase, setPhase] = useState<PullPhase>('loading');
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreFailed, setMoreFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  // A Load More answer that arrives after the search changed belongs to the old search.
  const currentQuery = useRef(q);
  currentQuery.current = q;

  const limit = pages * CHAT_LIST_PAGE_SIZE;
  // One more than shown tells whether the device holds further chats.
  const found = useLiveQuery(() => recentChats({ q, limit: limit + 1 }), [q, limit]);

  useEffect(() => {
    setPages(1);
    setPulled(null);
    setMoreFailed(false);
    if (!online) {
      setPhase('offline');
      return;
    }
    let current = true;
    setPhase('loading');
    const timer = setTimeout(
      () => {
        pullChatList({ page: 1, q }).then(
          (pull) => {
            if (!current) return;
            setPulled(pull);
            setPhase('ready');
          },
          (error: unknown) => {
            if (!current) return;
            console.error('Failed to fetch chat records', error);
            setPhase(failedPullPhase(error));
          },
        );
      },
      q ? SEARCH_DELAY_MS : FIRST_LOAD_DELAY_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [q, attempt, online]);

  const serverHasMore = online && pulled !== null && pulled.page < pulled.totalPages;
  const deviceHasMore = found !== undefined && found.length > limit;

  const loadMore = useCallback(() => {
    setMoreFailed(false);
    if (!serverHasMore || pulled === null) return setPages((n) => n + 1);
    setLoadingMore(true);
    pullChatList({ page: pulled.page + 1, q })
      .then((pull) => {
        if (currentQuery.current !== q) return;
        setPulled(pull);
        setPages((n) => n + 1);
      })
      .catch((error: unknown) => {
        console.error('Failed to load more chat records', error);
        if (currentQuery.current === q) setMoreFailed(true);
      })
      .finally(() => setLoadingMore(false));
  }, [serverHasMore, pulled, q]);

  return {
    chats: found?.slice(0, limit),
    phase,
    hasMore: serverHasMore || deviceHasMore,
    loadingMore,
    moreFailed,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    loadMore,
  };
}
