import { useState, type FormEvent } from 'react';
import { PUBLISHING_LIMITS, REPORT_REASONS, type ReportReason } from '@core/contract/publishingLimits';
import { reportCharacter } from '../../sync/publishing';
import { useModalDialog } from '../../ui/useModalDialog';
import styles from '../review/Review.module.css';

const REASONS = Object.entries(REPORT_REASONS) as [ReportReason, string][];

/**
 * Reporting a public character to the administrators: a reason from the list and what the person
 * wants to say. Made offline, the report waits in the outbox; the answer says so.
 */
export function ReportDialog({ fileId, name, onClose }: { fileId: string; name: string; onClose: () => void }) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { ref, closeOnBackdrop } = useModalDialog(true, onClose);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    setBusy(true);
    reportCharacter({ file_id: fileId, reason, details })
      .then((outcome) =>
        setResult(
          outcome.kind === 'refused'
            ? { ok: false, text: outcome.reason }
            : outcome.kind === 'waiting'
              ? { ok: true, text: "You're offline: your report will be sent as soon as cardchat can be reached." }
              : { ok: true, text: 'Thank you. The administrators will look at this character.' },
        ),
      )
      .finally(() => setBusy(false));
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click is the backdrop's; Escape closes a <dialog> natively
    <dialog ref={ref} className={styles.dialog} onClose={onClose} onClick={closeOnBackdrop} aria-labelledby="report-title">
      <form className={styles.box} onSubmit={send}>
        <h2 id="report-title" className={styles.title}>
          Report {name}
        </h2>
        {result?.ok ? (
          <p className={styles.text} role="status">
            {result.text}
          </p>
        ) : (
          <>
            <fieldset className={styles.choices}>
              <legend className={styles.label}>What is wrong with it?</legend>
              {REASONS.map(([id, label]) => (
                <label key={id} className={styles.choice}>
                  <input type="radio" name="reason" checked={reason === id} onChange={() => setReason(id)} />
                  <span>{label}</span>
                </label>
              ))}
            </fieldset>
            <label className={styles.label} htmlFor="report-details">
              Anything the administrators should know (optional)
            </label>
            <textarea
              id="report-details"
              className={styles.textarea}
              value={details}
              maxLength={PUBLISHING_LIMITS.reportChars}
              onChange={(event) => setDetails(event.target.value)}
            />
            {result && (
              <p className={styles.error} role="alert">
                {result.text}
              </p>
            )}
          </>
        )}
        <div className={styles.buttons}>
          <button type="button" className={styles.secondary} onClick={onClose}>
            {result?.ok ? 'Close' : 'Cancel'}
          </button>
          {!result?.ok && (
            <button type="submit" className={styles.danger} disabled={busy || !reason}>
              {busy ? 'Sending…' : 'Send report'}
            </button>
          )}
        </div>
      </form>
    </dialog>
  );
}
