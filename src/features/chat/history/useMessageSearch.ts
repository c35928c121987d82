import { useCallback, useEffect, useRef, useState } from 'react';
import { searchTerms } from '@core/chat/search';
import { useOnline } from '../../../lib/useOnline';
import { searchMessages, type MessageSearch } from '../../../sync/chatSearch';
import { SEARCH_DELAY_MS } from './useChatHistory';

export const SEARCH_FAILED = 'The search failed. Please try again.';

export interface MessageSearchState {
  /** Undefined while there is nothing to search (no word typed) or the first answer is on its way. */
  found: MessageSearch | undefined;
  searching: boolean;
  error: string | null;
  loadMore: () => void;
}

/**
 * The messages a search of the history panel finds, once typing pauses: the server's when cardchat
 * answers, else the device's (the answer says which). An answer for an older query is dropped.
 */
export function useMessageSearch(query: string): MessageSearchState {
  const q = query.trim();
  const hasWords = searchTerms(q).length > 0;
  const online = useOnline();
  const [found, setFound] = useState<MessageSearch | undefined>(undefined);
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef(q);
  current.current = q;

  useEffect(() => {
    setFound(undefined);
    setError(null);
    if (!hasWords) return;
    setSearching(true);
    const timer = setTimeout(() => {
      searchMessages(q)
        .then((answer) => current.current === q && setFound(answer))
        .catch((failure: unknown) => {
          console.error('Searching messages failed', failure);
          if (current.current === q) setError(SEARCH_FAILED);
        })
        .finally(() => current.current === q && setSearching(false));
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [q, hasWords, online]);

  const loadMore = useCallback(() => {
    if (!found?.next || searching) return;
    setSearching(true);
    searchMessages(q, found.next)
      .then((more) => {
        if (current.current !== q) return;
        setFound({ ...more, hits: [...found.hits, ...more.hits], chats: new Map([...found.chats, ...more.chats]) });
      })
      .catch((failure: unknown) => {
        console.error('Searching messages failed', failure);
        if (current.current === q) setError(SEARCH_FAILED);
      })
      .finally(() => setSearching(false));
  }, [found, q, searching]);

  return { found: hasWords ? found : undefined, searching: hasWords && searching, error, loadMore };
}
