import type { Kysely } from 'kysely';
import { PUBLISHING_LIMITS } from '@core/contract/publishingLimits';
import { waitingSubmissions } from '../../db/repositories/publishing';
import type { Database } from '../../db/schema';
import { AppError } from '../../errors';

export const MESSAGE_TOO_MANY_WAITING = `You have ${PUBLISHING_LIMITS.waitingSubmissions} characters waiting for review. Submit more once some have been reviewed.`;

/**
 * One person may have a bounded number of cards (and edits of published ones) waiting, so the queue
 * stays something administrators can get through. Call under the owner's lock (lockOwner).
 */
export async function checkWaitingRoom(db: Kysely<Database>, ownerId: string): Promise<void> {
  if ((await waitingSubmissions(db, ownerId)) >= PUBLISHING_LIMITS.waitingSubmissions) {
    throw new AppError(409, 'submission_limit', MESSAGE_TOO_MANY_WAITING);
  }
}
