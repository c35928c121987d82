import { RefreshCw } from 'lucide-react';
import { memo } from 'react';
import { STOPPED_REASON } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import { useStreamingText } from '../../../sync/streamingText';
import { messageTime } from './dateLabels';
import styles from './MessageList.module.css';
import { StyledText } from './StyledText';

/** What an empty stored reply shows (spec §8). */
export const NO_RESPONSE = 'No response received';

interface Props {
  message: LocalMessage;
  /** A pending message that waits in the outbox (offline, or no answer came), not one being sent now. */
  waiting?: boolean;
  /** Why its last try did not get through, if one was made. */
  lastError?: string | null;
  /** Online, for a waiting message: try now instead of waiting for the next trigger (the server may be back). */
  onSendNow?: () => void;
  /** Offered on the chat's last reply. */
  onRegenerate?: (message: LocalMessage) => void;
  regenerateDisabled?: boolean;
}

function statusLine(message: LocalMessage, waiting: boolean): string | null {
  if (message.state === 'pending') return waiting ? 'Waiting to send' : 'Sending…';
  if (message.state === 'streaming') return 'Typing…';
  if (message.state === 'failed' && message.error === STOPPED_REASON) return 'Stopped · not saved';
  // Usually the server kept the message and only the reply failed (the error says why), so 'not sent' would be untrue.
  if (message.state === 'failed') return 'No reply';
  return null;
}

/** Rows read again from Dexie are new objects: the same fields mean the same bubble. */
function sameRow(a: LocalMessage, b: LocalMessage): boolean {
  if (a === b) return true;
  const aFields = a as unknown as Record<string, unknown>;
  const bFields = b as unknown as Record<string, unknown>;
  const keys = Object.keys(aFields);
  return keys.length === Object.keys(bFields).length && keys.every((key) => aFields[key] === bFields[key]);
}

function sameProps(a: Props, b: Props): boolean {
  const keys = Object.keys(a) as (keyof Props)[];
  return (
    keys.length === Object.keys(b).length && keys.every((key) => (key === 'message' ? sameRow(a.message, b.message) : a[key] === b[key]))
  );
}

/**
 * One message: who, the styled text, when, and how far it got. Memoised, with stable props from the
 * list: while a reply streams, or the outbox replays, only the bubbles that changed render again.
 */
export const MessageBubble = memo(function MessageBubble({ message, waiting = false, lastError = null, onSendNow, onRegenerate, regenerateDisabled = false }: Props) {
  const status = statusLine(message, waiting);
  const time = messageTime(message.send_date);
  const empty = message.role === 'assistant' && message.state === 'sent' && message.content.trim() === '';
  return (
    <article className={`${styles.row} ${styles[message.role]}`} aria-label={message.name} aria-busy={message.state === 'streaming'} data-message-id={message.id}>
      <div className={styles.bubble}>
        <p className={styles.name}>{message.name}</p>
        <p className={styles.text}>
          {empty ? (
            <em className={styles.muted}>{NO_RESPONSE}</em>
          ) : message.state === 'streaming' ? (
            <StreamingText id={message.id} stored={message.content} />
          ) : (
            <StyledText text={message.content} />
          )}
        </p>
        <p className={styles.meta}>
          {time && <time dateTime={message.send_date}>{time}</time>}
          {status && (
            <span className={styles.status} title={(waiting && lastError) || undefined}>
              {status}
            </span>
          )}
          {waiting && onSendNow && (
            <button type="button" className={styles.sendNow} onClick={onSendNow}>
              Send now
            </button>
          )}
        </p>
      </div>
      {onRegenerate && (
        <button type="button" className={styles.regenerate} onClick={() => onRegenerate(message)} disabled={regenerateDisabled}>
          <RefreshCw size={14} aria-hidden="true" />
          Regenerate
        </button>
      )}
    </article>
  );
}, sameProps);

/**
 * A reply streaming in this tab: its text from memory, repainted alone as pieces arrive, and styled
 * as it will be once complete (the list follows its growth by watching sizes, not renders).
 */
function StreamingText({ id, stored }: { id: string; stored: string }) {
  const text = useStreamingText(id, stored);
  return <StyledText text={text} streaming />;
}
