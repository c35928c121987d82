import { approveCard, dismissReport, rejectCard, unpublishAsAdmin } from '../../api/publishing';
import { useSession } from '../../auth/useSession';
import { profileOf } from '../../auth/session';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { PageHeader } from '../../ui/PageHeader';
import { Spinner } from '../../ui/Spinner';
import { ReportEntry } from './ReportEntry';
import styles from './ReviewPage.module.css';
import { SubmissionEntry } from './SubmissionEntry';
import { useReviewQueue } from './useReviewQueue';

/**
 * /admin/review, for administrators (ADMIN_EMAILS): cards waiting for review (first submissions and
 * changes to published ones) to approve or reject with a reason, and open reports to dismiss or act
 * on by unpublishing. Anyone else sees the page that is not there, as the API answers them 404.
 */
export function ReviewPage() {
  const session = useSession();
  const isAdmin = profileOf(session)?.is_admin === true;
  const { queue, error, act } = useReviewQueue(isAdmin);

  if (session.status === 'loading') return <Spinner label="Loading" />;
  if (!isAdmin) return <NotFoundPage />;
  return (
    <div className={styles.page}>
      <PageHeader title="Review" />
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {!queue ? (
        <Spinner label="Loading the queue..." />
      ) : (
        <>
          <section aria-labelledby="waiting-title">
            <h2 id="waiting-title" className={styles.heading}>
              Waiting for review ({queue.submissions.length})
            </h2>
            {queue.submissions.length === 0 && <p className={styles.empty}>Nothing is waiting.</p>}
            <ul className={styles.list}>
              {queue.submissions.map((item) => (
                <SubmissionEntry
                  key={`${item.kind}-${item.file_id}`}
                  item={item}
                  onApprove={(rating) => void act(() => approveCard(item.file_id, { content_rating: rating }))}
                  onReject={(reason) => void act(() => rejectCard(item.file_id, reason))}
                />
              ))}
            </ul>
          </section>
          <section aria-labelledby="reports-title">
            <h2 id="reports-title" className={styles.heading}>
              Reports ({queue.reports.length})
            </h2>
            {queue.reports.length === 0 && <p className={styles.empty}>No open reports.</p>}
            <ul className={styles.list}>
              {queue.reports.map((report) => (
                <ReportEntry
                  key={report.id}
                  report={report}
                  onDismiss={() => void act(() => dismissReport(report.id))}
                  onUnpublish={(reason) => void act(() => unpublishAsAdmin(report.file_id, reason))}
                />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}
