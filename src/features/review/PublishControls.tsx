import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import type { ContentRating } from '@core/contract';
import { shareRequestsOf } from '../../db/shareOutbox';
import { unpublish, type ShareOutcome } from '../../sync/publishing';
import { OnlineButton } from '../../ui/OnlineButton';
import styles from './Review.module.css';
import { MESSAGE_WAITING_TO_SEND, SubmitDialog } from './SubmitDialog';

/** Where one of the person's cards stands (the API's ReviewStatus, or a collection item's review). */
export interface OwnCardReview {
  state: 'private' | 'submitted' | 'published' | 'rejected';
  note: string | null;
  changes: 'submitted' | 'rejected' | null;
  changes_note: string | null;
}

interface Props {
  fileId: string;
  name: string;
  review: OwnCardReview;
  rating: ContentRating;
  /** What follows the status line's heading level (a page's section, a dialog's). */
  className?: string;
}

/** A line saying where the card stands, then what its creator can do: submit it, withdraw it, unpublish it. */
function statusLine(review: OwnCardReview): { text: string; note: string | null } {
  if (review.state === 'published') {
    if (review.changes === 'submitted')
      return { text: 'Public. Your latest changes wait for review; until then the gallery shows the version before them.', note: null };
    if (review.changes === 'rejected') return { text: 'Public. Your latest changes were not accepted:', note: review.changes_note };
    return { text: 'Public: in the gallery, credited to you.', note: null };
  }
  if (review.state === 'submitted') return { text: 'Waiting for review by an administrator.', note: null };
  if (review.state === 'rejected') return { text: 'Not in the gallery:', note: review.note };
  return { text: 'Private: only you can see it.', note: null };
}

/** The creator's publishing controls for one of their cards (character page, Collections' view, the editor). */
export function PublishControls({ fileId, name, review, rating, className }: Props) {
  const waiting = useLiveQuery(async () => (await shareRequestsOf(fileId)).some((item) => item.kind === 'submit'), [fileId]);
  const [submitting, setSubmitting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const line = statusLine(review);
  const canSubmit =
    review.state === 'private' || review.state === 'rejected' || (review.state === 'published' && review.changes === 'rejected');
  const canTakeOut = review.state === 'published' || review.state === 'submitted';

  const takeOut = () => {
    setBusy(true);
    setMessage(null);
    unpublish(fileId)
      .then(() => setConfirming(false))
      .catch((error: unknown) => setMessage(error instanceof Error ? error.message : 'Something went wrong.'))
      .finally(() => setBusy(false));
  };
  const submitted = (outcome?: ShareOutcome) => {
    setSubmitting(false);
    if (outcome?.kind === 'waiting') setMessage(MESSAGE_WAITING_TO_SEND);
  };

  return (
    <section className={className} aria-label="Publishing">
      <p className={styles.status} role="status">
        <span className={styles.label}>{waiting ? 'Submission waiting to be sent.' : line.text}</span>
      </p>
      {line.note && !waiting && <p className={styles.note}>{line.note}</p>}
      {message && <p className={styles.note}>{message}</p>}
      <div className={styles.status}>
        {canSubmit && !waiting && (
          <button type="button" className={styles.primary} onClick={() => setSubmitting(true)}>
            {review.state === 'published'
              ? 'Submit the changes again'
              : review.state === 'rejected'
                ? 'Submit again'
                : 'Submit to the gallery'}
          </button>
        )}
        {canTakeOut && !confirming && (
          <OnlineButton type="button" className={styles.secondary} onClick={() => setConfirming(true)}>
            {review.state === 'published' ? 'Unpublish' : 'Withdraw the submission'}
          </OnlineButton>
        )}
        {confirming && (
          <>
            <span>
              {review.state === 'published' ? 'Take it out of the gallery? It becomes private again.' : 'Withdraw it from review?'}
            </span>
            <OnlineButton type="button" className={styles.danger} onClick={takeOut} disabled={busy}>
              {review.state === 'published' ? 'Unpublish' : 'Withdraw'}
            </OnlineButton>
            <button type="button" className={styles.secondary} onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        )}
      </div>
      {submitting && <SubmitDialog open fileId={fileId} name={name} rating={rating} onClose={submitted} />}
    </section>
  );
}
