import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { ContentRating } from '@core/contract';
import { useProfile } from '../../auth/useProfile';
import { submitForReview, type ShareOutcome } from '../../sync/publishing';
import { useModalDialog } from '../../ui/useModalDialog';
import styles from './Review.module.css';

export const MESSAGE_WAITING_TO_SEND = "You're offline: it will be sent as soon as cardchat can be reached.";

interface Props {
  open: boolean;
  fileId: string;
  name: string;
  /** The rating it has (a card submitted before, a published card's changes). */
  rating: ContentRating;
  onClose: (outcome?: ShareOutcome) => void;
}

/**
 * Submitting one of the person's cards for the public gallery: its content rating, who it will be
 * credited to, and that an administrator reviews it first. Made offline, it waits in the outbox.
 */
export function SubmitDialog({ open, fileId, name, rating, onClose }: Props) {
  const handle = useProfile()?.handle ?? null;
  const [choice, setChoice] = useState<ContentRating>(rating);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = (outcome?: ShareOutcome) => {
    setError(null);
    onClose(outcome);
  };
  const { ref, closeOnBackdrop } = useModalDialog(open, close);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    submitForReview(fileId, choice)
      .then((outcome) => (outcome.kind === 'refused' ? setError(outcome.reason) : close(outcome)))
      .finally(() => setBusy(false));
  };

  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- the click is the backdrop's; Escape closes a <dialog> natively
    <dialog ref={ref} className={styles.dialog} onClose={() => close()} onClick={closeOnBackdrop} aria-labelledby="submit-title">
      <form className={styles.box} onSubmit={submit}>
        <h2 id="submit-title" className={styles.title}>
          Submit {name} to the gallery
        </h2>
        {handle ? (
          <p className={styles.text}>
            An administrator reviews it first. Once approved it is public, credited to @{handle}; you keep it, can edit it (your changes are
            reviewed too) and can unpublish it at any time.
          </p>
        ) : (
          <p className={styles.text}>
            The gallery credits characters to their creator&apos;s handle. <Link to="/profile">Choose your handle in Profile</Link> first.
          </p>
        )}
        <fieldset className={styles.choices}>
          <legend className={styles.label}>Content rating</legend>
          <label className={styles.choice}>
            <input type="radio" name="rating" checked={choice === 'sfw'} onChange={() => setChoice('sfw')} />
            <span>
              SFW<span className={styles.hint}>Fine for everyone the Terms allow (13 and older).</span>
            </span>
          </label>
          <label className={styles.choice}>
            <input type="radio" name="rating" checked={choice === 'nsfw'} onChange={() => setChoice('nsfw')} />
            <span>
              NSFW<span className={styles.hint}>Sexual or graphic content: shown only to adults who chose to see it.</span>
            </span>
          </label>
        </fieldset>
        {error && (
          <p className={styles.error} role="alert">
            {error}
          </p>
        )}
        <div className={styles.buttons}>
          <button type="button" className={styles.secondary} onClick={() => close()}>
            Cancel
          </button>
          <button type="submit" className={styles.primary} disabled={busy || !handle}>
            {busy ? 'Submitting…' : 'Submit for review'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
