import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { ReportItem } from '@core/contract';
import { REPORT_REASONS } from '@core/contract/publishingLimits';
import { OnlineButton } from '../../ui/OnlineButton';
import { ReasonForm } from './ReasonForm';
import styles from './ReviewPage.module.css';
import { ReviewPicture } from './ReviewPicture';

/** One open report: the card, why it was reported and by whom; dismiss it, or unpublish the card with a reason. */
export function ReportEntry({
  report,
  onDismiss,
  onUnpublish,
}: {
  report: ReportItem;
  onDismiss: () => void;
  onUnpublish: (reason: string) => void;
}) {
  const [unpublishing, setUnpublishing] = useState(false);
  const reason = REPORT_REASONS[report.reason as keyof typeof REPORT_REASONS] ?? report.reason;
  return (
    <li className={styles.entry} aria-label={`Report of ${report.card_name}`}>
      <ReviewPicture url={report.picture_url} name={report.card_name} />
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link to="/characters/$fileId" params={{ fileId: report.file_id }}>
            {report.card_name}
          </Link>
        </h3>
        <p className={styles.meta}>
          {reason} · reported by {report.reporter_handle ? `@${report.reporter_handle}` : 'a person without a handle'} ·{' '}
          {new Date(report.created_at).toLocaleString()}
          {!report.card_public && ' · no longer public'}
        </p>
        {report.details && <p className={styles.text}>{report.details}</p>}
        {unpublishing ? (
          <ReasonForm action="Unpublish" onDone={onUnpublish} onCancel={() => setUnpublishing(false)} />
        ) : (
          <div className={styles.buttons}>
            <OnlineButton type="button" className={styles.secondary} onClick={onDismiss}>
              Dismiss
            </OnlineButton>
            {report.card_public && (
              <button type="button" className={styles.danger} onClick={() => setUnpublishing(true)}>
                Unpublish…
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
