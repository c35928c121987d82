import { RefreshCw } from 'lucide-react';
import { STOPPED_REASON } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import { messageTime } from './dateLabels';
import styles from './MessageList.module.css';
import { StyledText } from './StyledText';

/** What an empty stored reply shows (spec §8). */
export const NO_RESPONSE = 'No response received';

interface Props {
  message: LocalMessage;
  /** Offered on the chat's last reply. */
  onRegenerate?: () => void;
  regenerateDisabled?: boolean;
}

function statusLine(message: LocalMessage): string | null {
  if (message.state === 'pending') return 'Sending…';
  if (message.state === 'streaming') return 'Typing…';
  if (message.state === 'failed' && message.error === STOPPED_REASON) return 'Stopped · not saved';
  if (message.state === 'failed') return 'Not sent';
  return null;
}

/** One message: who, the styled text, when, and how far it got. */
export function MessageBubble({ message, onRegenerate, regenerateDisabled = false }: Props) {
  const status = statusLine(message);
  const time = messageTime(message.send_date);
  const empty = message.role === 'assistant' && message.state === 'sent' && message.content.trim() === '';
  return (
    <article className={`${styles.row} ${styles[message.role]}`} aria-label={message.name} aria-busy={message.state === 'streaming'}>
      <div className={styles.bubble}>
        <p className={styles.name}>{message.name}</p>
        <p className={styles.text}>{empty ? <em className={styles.muted}>{NO_RESPONSE}</em> : <StyledText text={message.content} />}</p>
        <p className={styles.meta}>
          {time && <time dateTime={message.send_date}>{time}</time>}
          {status && <span className={styles.status}>{status}</span>}
        </p>
      </div>
      {onRegenerate && (
        <button type="button" className={styles.regenerate} onClick={onRegenerate} disabled={regenerateDisabled}>
          <RefreshCw size={14} aria-hidden="true" />
          Regenerate
        </button>
      )}
    </article>
  );
}
