import type { ReactNode } from 'react';
import type { MessageHit } from '@core/contract';
import type { MessageSearch } from '../../../sync/chatSearch';
import styles from './ChatHistoryPanel.module.css';
import { formatChatTime, fullChatTime } from './chatTime';
import type { MessageSearchState } from './useMessageSearch';

/** The snippet with the words found marked. */
function Snippet({ hit }: { hit: MessageHit }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of hit.marks) {
    if (start === undefined || end === undefined || start < at) continue;
    parts.push(hit.snippet.slice(at, start), <mark key={start}>{hit.snippet.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(hit.snippet.slice(at));
  return <span className={styles.snippet}>{parts}</span>;
}

interface Props {
  search: MessageSearchState;
  onOpen: (hit: MessageHit) => void;
}

function chatName(found: MessageSearch, hit: MessageHit): string {
  const chat = found.chats.get(hit.chat_id);
  return chat?.title ?? chat?.character_name ?? hit.name;
}

/** The history panel's message hits: each names its chat, shows where the words are, and opens the chat there. */
export function MessageHits({ search, onOpen }: Props) {
  const { found } = search;
  return (
    <section className={styles.hits} aria-label="Messages found">
      <h3 className={styles.sectionTitle}>Messages</h3>
      {found?.where === 'device' && (
        <p className={styles.offline} role="status">
          Searched the messages saved on this device.
        </p>
      )}
      {search.error && (
        <p className={styles.moreError} role="alert">
          {search.error}
        </p>
      )}
      {found && found.hits.length === 0 && !search.searching && <p className={styles.noHits}>No messages found</p>}
      {search.searching && !found && (
        <p className={styles.noHits} role="status">
          Searching...
        </p>
      )}
      {found && found.hits.length > 0 && (
        <ul className={styles.list}>
          {found.hits.map((hit) => (
            <li key={hit.message_id}>
              <button type="button" className={styles.hit} onClick={() => onOpen(hit)}>
                <span className={styles.itemTop}>
                  <bdi className={styles.itemName}>{chatName(found, hit)}</bdi>
                  <time dateTime={hit.send_date} title={fullChatTime(hit.send_date)}>
                    {formatChatTime(hit.send_date)}
                  </time>
                </span>
                <span className={styles.hitText}>
                  <span className={styles.hitSpeaker}>{hit.name}: </span>
                  <Snippet hit={hit} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {found?.next && (
        <button type="button" className={styles.more} onClick={search.loadMore} disabled={search.searching}>
          {search.searching ? 'Loading...' : 'More messages'}
        </button>
      )}
    </section>
  );
}
