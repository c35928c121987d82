import type { ContentRating, ReportRequest } from '@core/contract';
import { unpublishCard } from '../api/publishing';
import { isShareRequestWaiting, queueShareRequest } from '../db/shareOutbox';
import { noteReviewStatus } from './reviewStatus';
import { shareRefusals, sendShareRequests } from './send/shareRequests';

/** How a submission or report went: sent, waiting to be sent (offline, or no answer), or refused with the reason. */
export type ShareOutcome = { kind: 'sent' } | { kind: 'waiting' } | { kind: 'refused'; reason: string };

async function queueAndSend(fileId: string, queued: Promise<string>): Promise<ShareOutcome> {
  const clientId = await queued;
  const refusedBefore = shareRefusals.get().get(fileId);
  await sendShareRequests();
  if (await isShareRequestWaiting(clientId)) return { kind: 'waiting' };
  const refused = shareRefusals.get().get(fileId);
  return refused && refused !== refusedBefore ? { kind: 'refused', reason: refused.reason } : { kind: 'sent' };
}

/** Submits one of the person's cards for the gallery; made offline, it waits in the outbox. */
export function submitForReview(fileId: string, contentRating: ContentRating): Promise<ShareOutcome> {
  return queueAndSend(fileId, queueShareRequest({ kind: 'submit', file_id: fileId, submit: { content_rating: contentRating } }));
}

/** Reports a public card; made offline, it waits in the outbox. */
export function reportCharacter(report: ReportRequest): Promise<ShareOutcome> {
  return queueAndSend(report.file_id, queueShareRequest({ kind: 'report', file_id: report.file_id, report }));
}

/** Takes one of the person's cards out of the gallery (or withdraws its submission): needs cardchat. */
export async function unpublish(fileId: string): Promise<void> {
  await noteReviewStatus(fileId, await unpublishCard(fileId));
}
