import { RotateCcw } from 'lucide-react';
import styles from './MessageList.module.css';

/** The error text for a failed send (docs/PRODUCT.md, Screens), why it failed, and a Retry. */
export const SEND_FAILED = 'Sorry, I encountered an error. Please try again.';

/**
 * Says one thing once: a reason that only repeats that sentence (an older server answered with
 * it, and failures stored then still carry it) is not shown a second time.
 */
export function SystemNotice({ reason, onRetry, disabled }: { reason: string; onRetry: () => void; disabled: boolean }) {
  const ownReason = reason.trim() !== '' && reason.trim() !== SEND_FAILED;
  return (
    <div className={styles.system} role="alert">
      <p className={styles.systemText}>{SEND_FAILED}</p>
      {ownReason && <p className={styles.reason}>{reason}</p>}
      <button type="button" className={styles.retry} onClick={onRetry} disabled={disabled}>
        <RotateCcw size={14} aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}
