import type { ContentRating, ReportRequest } from '@core/contract';
import { db, type ShareRequest } from './db';

/** Queues a submission or a report (made now) to be sent in order; returns its key. */
export async function queueShareRequest(
  request:
    | { kind: 'submit'; file_id: string; submit: { content_rating: ContentRating } }
    | { kind: 'report'; file_id: string; report: ReportRequest },
): Promise<string> {
  const client_id = crypto.randomUUID();
  await db.shareOutbox.add({ ...request, client_id, created_at: new Date().toISOString(), attempts: 0, last_error: null });
  return client_id;
}

/** What waits, oldest first. */
export function waitingShareRequests(): Promise<ShareRequest[]> {
  return db.shareOutbox.orderBy('created_at').toArray();
}

/** What waits for one card (its page says so). */
export function shareRequestsOf(fileId: string): Promise<ShareRequest[]> {
  return db.shareOutbox.where('file_id').equals(fileId).toArray();
}

export async function isShareRequestWaiting(clientId: string): Promise<boolean> {
  return (await db.shareOutbox.get(clientId)) !== undefined;
}

export async function recordShareAttempt(clientId: string, error: string): Promise<void> {
  await db.shareOutbox.update(clientId, (item) => {
    item.attempts += 1;
    item.last_error = error;
  });
}

export async function removeShareRequest(clientId: string): Promise<void> {
  await db.shareOutbox.delete(clientId);
}
