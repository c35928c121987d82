import type { ReviewStatus } from '@core/contract';
import { ApiError } from '../../api/errors';
import { sendReport, submitCard } from '../../api/publishing';
import type { ShareRequest } from '../../db/db';
import { recordShareAttempt, removeShareRequest, waitingShareRequests } from '../../db/shareOutbox';
import { createStore } from '../../lib/store';
import { waitUnlessRefused } from './outcomes';
import { noteReviewStatus } from '../reviewStatus';

/**
 * Submissions and reports made offline (or while cardchat did not answer) wait in `shareOutbox` and go
 * here, oldest first, one at a time, whenever the outbox flushes (flush.ts, after the chats) and right after
 * they are made. Waits on what the messages' replay waits on (no answer, 401, 408, 429, 5xx); any
 * other answer is the server refusing it: it leaves the queue and its card's page says why.
 */

/** Why the server refused the last submission or report of each card (file id → the reason and which). */
export const shareRefusals = createStore<ReadonlyMap<string, { kind: ShareRequest['kind']; reason: string }>>(new Map());

function send(item: ShareRequest): Promise<ReviewStatus | null> {
  if (item.kind === 'submit' && item.submit) return submitCard(item.file_id, item.submit.content_rating);
  if (item.kind === 'report' && item.report) return sendReport(item.report).then(() => null);
  return Promise.resolve(null);
}

let running: Promise<void> | null = null;

/** Sends what waits; single-flight (a call while it runs joins it). Never throws. */
export function sendShareRequests(): Promise<void> {
  running ??= (async () => {
    try {
      for (const item of await waitingShareRequests()) {
        try {
          const status = await send(item);
          if (status) await noteReviewStatus(item.file_id, status);
          await removeShareRequest(item.client_id);
        } catch (error) {
          const apiError = error instanceof ApiError ? error : null;
          if (apiError && waitUnlessRefused(apiError)) {
            await recordShareAttempt(item.client_id, apiError.message);
            return;
          }
          await removeShareRequest(item.client_id);
          shareRefusals.set(
            new Map(shareRefusals.get()).set(item.file_id, { kind: item.kind, reason: apiError?.message ?? 'Something went wrong.' }),
          );
        }
      }
    } catch (error) {
      console.error('Sending waiting submissions and reports failed', error);
    } finally {
      running = null;
    }
  })();
  return running;
}
