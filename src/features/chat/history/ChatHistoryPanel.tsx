import { ChevronDown, RefreshCw, Search, UsersRound } from 'lucide-react';
import { useId, useState } from 'react';
import type { MessageHit } from '@core/contract';
import { MAX_SEARCH_CHARS } from '@core/contract/constants';
import type { ChatSeed } from '../../../db/chatMessages';
import type { LocalChat } from '../../../db/db';
import { useOnline, useSavedCopyNote } from '../../../lib/useOnline';
import { Spinner } from '../../../ui/Spinner';
import { ChatHistoryItem } from './ChatHistoryItem';
import styles from './ChatHistoryPanel.module.css';
import { MessageHits } from './MessageHits';
import { useChatHistory } from './useChatHistory';
import { useMessageSearch } from './useMessageSearch';
import { OnlineButton } from '../../../ui/OnlineButton';
import { NewGroupDialog } from '../../groups/NewGroupDialog';

interface Props {
  selectedChatId: string | null;
  onSelect: (chat: LocalChat) => void;
  /** Opens the chat of a message a search found, at that message. */
  onOpenHit?: (hit: MessageHit) => void;
  /** The open chat when it is new (made here, nothing sent yet): listed first, so the list never says it has none. */
  newChat?: ChatSeed | null;
}

/** A new chat as a row of the list: nothing stored, so no count and no time yet. */
function newChatRow(seed: ChatSeed): LocalChat {
  return { ...seed, last_message_time: '', modified: '', created_at: '', message_count: 0, size: 0, localOnly: true };
}

/**
 * /recent-chat's left panel 'Select a history': the search (chats by character name or title, and
 * the messages holding its words), and the 'Recent' list read from Dexie.
 */
export function ChatHistoryPanel({ selectedChatId, onSelect, onOpenHit, newChat = null }: Props) {
  const online = useOnline();
  const savedNote = useSavedCopyNote('chats');
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState(true);
  const [makingGroup, setMakingGroup] = useState(false);
  const history = useChatHistory(query);
  // Only where a found message can be opened (the recent-chat page).
  const messages = useMessageSearch(onOpenHit ? query : '');
  const searching = query.trim() !== '';
  const { phase } = history;
  const listNew = newChat !== null && query.trim() === '' && history.chats?.every((chat) => chat.chat_id !== newChat.chat_id);
  const chats = history.chats && listNew ? [newChatRow(newChat), ...history.chats] : history.chats;
  const titleId = useId();
  const listId = useId();
  const busy = phase === 'loading';

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <NewGroupDialog open={makingGroup} onClose={() => setMakingGroup(false)} onCreated={onSelect} />
      <h2 id={titleId} className={styles.title}>
        Select a history
      </h2>
      <label className={styles.search}>
        <Search size={16} aria-hidden="true" />
        <input
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          placeholder="Search for a profile..."
          maxLength={MAX_SEARCH_CHARS}
          aria-label="Search chats by character name, title or words in their messages"
        />
      </label>
      <div className={styles.sectionHeader}>
        <h3 className={styles.sectionTitle}>Recent</h3>
        <OnlineButton
          type="button"
          className={styles.iconButton}
          onClick={() => setMakingGroup(true)}
          aria-label="New group chat"
          title="New group chat"
        >
          <UsersRound size={16} aria-hidden="true" />
        </OnlineButton>
        <OnlineButton
          type="button"
          className={styles.iconButton}
          onClick={history.reload}
          disabled={busy}
          aria-label="Refresh chat list"
          title="Refresh chat list"
        >
          <RefreshCw size={16} aria-hidden="true" className={busy && online ? styles.spinning : undefined} />
        </OnlineButton>
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-label={expanded ? 'Collapse recent chats' : 'Expand recent chats'}
        >
          <ChevronDown size={16} aria-hidden="true" className={expanded ? undefined : styles.collapsed} />
        </button>
      </div>
      <div id={listId} className={styles.body} hidden={!expanded}>
        {phase === 'error' && (
          <div className={styles.error} role="alert">
            <span>Failed to fetch chat records, please try again later</span>
            <button type="button" className={styles.retry} onClick={history.reload}>
              Retry
            </button>
          </div>
        )}
        {phase === 'offline' && (
          <p className={styles.offline} role="status">
            {savedNote}
          </p>
        )}
        {chats === undefined ? null : chats.length === 0 ? (
          busy ? (
            <div className={styles.status}>
              <Spinner label="Loading chats..." />
            </div>
          ) : (
            phase !== 'error' && !messages.found?.hits.length && <p className={styles.status}>No chat records found</p>
          )
        ) : (
          <ul className={styles.list} aria-label="Recent chats">
            {chats.map((chat) => (
              <ChatHistoryItem key={chat.chat_id} chat={chat} selected={chat.chat_id === selectedChatId} onSelect={onSelect} />
            ))}
          </ul>
        )}
        {history.moreFailed && (
          <p className={styles.moreError} role="alert">
            Failed to load more chat records
          </p>
        )}
        {history.hasMore && chats !== undefined && chats.length > 0 && (
          <button type="button" className={styles.more} onClick={history.loadMore} disabled={history.loadingMore}>
            {history.loadingMore ? 'Loading...' : 'Load More (5)'}
          </button>
        )}
        {searching && onOpenHit && <MessageHits search={messages} onOpen={onOpenHit} />}
      </div>
    </section>
  );
}
