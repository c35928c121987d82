import { RotateCcw } from 'lucide-react';
import styles from './MessageList.module.css';

/** The error text for a failed send (docs/PRODUCT.md, Screens), why it failed, and a Retry. */
export const SEND_FAILED = 'Sorry, I encountered an error. Please try again.';

/** The sentence's own ending, which a reason from the server often ends with too. */
const TRY_AGAIN = /\s*Please try again\.?\s*$/;

/**
 * Says one thing once: a reason that only repeats that sentence (an older server answered with
 * it, and failures stored then still carry it) is not shown a second time, and a reason's own
 * 'Please try again.' goes, the sentence above and Retry saying it already.
 */
export function SystemNotice({ reason, onRetry, disabled }: { reason: string; onRetry: () => void; disabled: boolean }) {
  const own = reason.trim() === SEND_FAILED ? '' : reason.replace(TRY_AGAIN, '').trim();
  return (
    <div className={styles.system} role="alert">
      <p className={styles.systemText}>{SEND_FAILED}</p>
      {own && <p className={styles.reason}>{own}</p>}
      <button type="button" className={styles.retry} onClick={onRetry} disabled={disabled}>
        <RotateCcw size={14} aria-hidden="true" />
        Retry
      </button>
    </div>
  );
}
