import { useEffect, useRef, type KeyboardEvent } from 'react';
import styles from './Composer.module.css';

interface Props {
  parts: number;
  limit: string;
  onSend: () => void;
  onKeepEditing: () => void;
}

/**
 * Asked on sending a text over the limit: why it cannot go as one message, and the offer to send it
 * as several. The offer takes the focus, so Enter accepts it and Escape goes back to the text.
 */
export function SplitOffer({ parts, limit, onSend, onKeepEditing }: Props) {
  const accept = useRef<HTMLButtonElement>(null);
  useEffect(() => accept.current?.focus(), []);
  const escape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onKeepEditing();
  };
  return (
    <div className={styles.offer} role="alert">
      <p className={styles.offerText}>
        A message can be at most {limit} characters. Send this as {parts} messages, one after the other? The character replies once, after
        the last.
      </p>
      <div className={styles.offerActions}>
        <button ref={accept} type="button" className={styles.ask} onClick={onSend} onKeyDown={escape}>
          Send as {parts} messages
        </button>
        <button type="button" className={styles.keep} onClick={onKeepEditing} onKeyDown={escape}>
          Keep editing
        </button>
      </div>
    </div>
  );
}
