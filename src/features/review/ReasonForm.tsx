import { useId, useState, type FormEvent } from 'react';
import { PUBLISHING_LIMITS } from '@core/contract/publishingLimits';
import { OnlineButton } from '../../ui/OnlineButton';
import styles from './ReviewPage.module.css';

/** A decision that needs a reason the creator will read (reject, unpublish): asked for before it goes. */
export function ReasonForm({ action, onDone, onCancel }: { action: string; onDone: (reason: string) => void; onCancel: () => void }) {
  const id = useId();
  const [reason, setReason] = useState('');
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onDone(reason.trim());
  };
  return (
    <form className={styles.reason} onSubmit={send}>
      <label htmlFor={id}>Reason, shown to the creator</label>
      <textarea
        id={id}
        className={styles.textarea}
        value={reason}
        maxLength={PUBLISHING_LIMITS.noteChars}
        required
        onChange={(event) => setReason(event.target.value)}
      />
      <div className={styles.buttons}>
        <OnlineButton type="submit" className={styles.danger} disabled={!reason.trim()}>
          {action}
        </OnlineButton>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
