import { useState } from 'react';
import type { ContentRating, ReviewItem } from '@core/contract';
import { OnlineButton } from '../../ui/OnlineButton';
import { Handle } from '../../ui/Handle';
import { StyledText } from '../chat/window/StyledText';
import { ReasonForm } from './ReasonForm';
import styles from './ReviewPage.module.css';
import { ReviewPicture } from './ReviewPicture';

const FIELDS: [string, string][] = [
  ['creator_notes', "Creator's notes"],
  ['description', 'Description'],
  ['personality', 'Personality'],
  ['scenario', 'Scenario'],
  ['first_mes', 'First message'],
];

/** One card waiting: what it says (its text shown as text), its creator and rating, and the decision. */
export function SubmissionEntry({
  item,
  onApprove,
  onReject,
}: {
  item: ReviewItem;
  onApprove: (rating: ContentRating) => void;
  onReject: (reason: string) => void;
}) {
  const [rating, setRating] = useState<ContentRating>(item.content_rating);
  const [rejecting, setRejecting] = useState(false);
  const data = item.card.data as Record<string, unknown>;
  return (
    <li className={styles.entry} aria-label={item.name}>
      <ReviewPicture url={item.picture_url} name={item.name} />
      <div className={styles.body}>
        <h3 className={styles.name}>{item.name}</h3>
        <p className={styles.meta}>
          {item.kind === 'changes' ? `Changes to the published “${item.published_name ?? item.name}”` : 'New submission'} · by{' '}
          {item.creator_handle ? <Handle handle={item.creator_handle} /> : 'a creator without a handle'} ·{' '}
          {new Date(item.submitted_at).toLocaleString()}
        </p>
        {FIELDS.filter(([field]) => typeof data[field] === 'string' && (data[field] as string).trim()).map(([field, label]) => (
          <details key={field} className={styles.field}>
            <summary>{label}</summary>
            <p className={styles.text}>
              <StyledText text={data[field] as string} />
            </p>
          </details>
        ))}
        <label className={styles.rating}>
          Content rating{' '}
          <select className={styles.select} value={rating} onChange={(event) => setRating(event.target.value as ContentRating)}>
            <option value="sfw">SFW</option>
            <option value="nsfw">NSFW</option>
          </select>
        </label>
        {rejecting ? (
          <ReasonForm action="Reject" onDone={onReject} onCancel={() => setRejecting(false)} />
        ) : (
          <div className={styles.buttons}>
            <OnlineButton type="button" className={styles.primary} onClick={() => onApprove(rating)}>
              Approve
            </OnlineButton>
            <button type="button" className={styles.secondary} onClick={() => setRejecting(true)}>
              Reject…
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
