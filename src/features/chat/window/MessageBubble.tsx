import { RefreshCw } from 'lucide-react';
import { STOPPED_REASON } from '../../../db/chatMessages';
import type { LocalMessage } from '../../../db/db';
import { messageTime } from './dateLabels';
import styles from './MessageList.module.css';
import { StyledText } from './StyledText';

/** What an empty stored reply shows (spec §8). */
export const NO_RESPONSE = 'No response received';

/** A pending message that waits in the outbox (offline, or no answer came), not one being sent now. */
export interface Waiting {
  /** Why the last try did not get through, if one was made. */
  lastError: string | null;
  /** Online: try now instead of waiting for the next trigger (the server may be back). */
  onSendNow?: () => void;
}

interface Props {
  message: LocalMessage;
  waiting?: Waiting;
  /** Offered on the chat's last reply. */
  onRegenerate?: () => void;
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

/** One message: who, the styled text, when, and how far it got. */
export function MessageBubble({ message, waiting, onRegenerate, regenerateDisabled = false }: Props) {
  const status = statusLine(message, waiting !== undefined);
  const time = messageTime(message.send_date);
  const empty = message.role === 'assistant' && message.state === 'sent' && message.content.trim() === '';
  return (
    <article className={`${styles.row} ${styles[message.role]}`} aria-label={message.name} aria-busy={message.state === 'streaming'}>
      <div className={styles.bubble}>
        <p className={styles.name}>{message.name}</p>
        <p className={styles.text}>{empty ? <em className={styles.muted}>{NO_RESPONSE}</em> : <StyledText text={message.content} />}</p>
        <p className={styles.meta}>
          {time && <time dateTime={message.send_date}>{time}</time>}
          {status && (
            <span className={styles.status} title={waiting?.lastError ?? undefined}>
              {status}
            </span>
          )}
          {waiting?.onSendNow && (
            <button type="button" className={styles.sendNow} onClick={waiting.onSendNow}>
              Send now
            </button>
          )}
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
