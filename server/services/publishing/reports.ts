/**
 * Reports: anyone signed in may report a public card (a reason from the list, and what they want to
 * say); reports wait in the administrators' queue beside submissions. One open report per person per
 * card (sending it again, say from the outbox after a lost answer, changes nothing), and at most
 * PUBLISHING_LIMITS.reportsPerHour reports an hour per person, counted in the database so every
 * instance agrees.
 */
import type { ReportRequest, ReportResponse } from '@core/contract';
import { PUBLISHING_LIMITS } from '@core/contract/publishingLimits';
import { publicText } from '@core/publicText';
import { lockOwner } from '../../db/repositories/images';
import { findOpenReport, insertReport, reportTimesSince } from '../../db/repositories/reports';
import { AppError, badRequest } from '../../errors';
import type { ServiceContext } from '../context';
import { imageNotFound, readableImage } from '../images/access';
import type { RequestUser } from '../users';

const HOUR_MS = 3_600_000;

export const MESSAGE_REPORTED = 'Thank you. The administrators will look at this character.';
export const MESSAGE_OWN_CARD = "You can't report your own character: unpublish or edit it instead.";

function tooManyReports(oldest: string, now: number): AppError {
  const seconds = Math.max(1, Math.ceil((Date.parse(oldest) + HOUR_MS - now) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new AppError(
    429,
    'rate_limited',
    `You have sent ${PUBLISHING_LIMITS.reportsPerHour} reports in the last hour. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    { retryAfterSeconds: seconds },
  );
}

export async function reportCard(ctx: ServiceContext, user: RequestUser, request: ReportRequest): Promise<ReportResponse> {
  const image = await readableImage(ctx, request.file_id, user);
  if (image.is_public !== 1) throw imageNotFound();
  if (image.owner_id === user.id) throw badRequest('own_card', MESSAGE_OWN_CARD);
  const details = publicText(request.details, PUBLISHING_LIMITS.reportChars, { multiline: true });
  const now = Date.now();
  const created = await ctx.db.transaction().execute(async (trx) => {
    // One person's reports are counted and written one at a time.
    await lockOwner(trx, user.id);
    if (await findOpenReport(trx, image.id, user.id)) return false;
    const recent = await reportTimesSince(trx, user.id, new Date(now - HOUR_MS).toISOString());
    if (recent.length >= PUBLISHING_LIMITS.reportsPerHour) throw tooManyReports(recent[0]!, now);
    await insertReport(trx, {
      image_id: image.id,
      reporter_id: user.id,
      reason: request.reason,
      details,
      created_at: new Date(now).toISOString(),
    });
    return true;
  });
  return { success: true, message: MESSAGE_REPORTED, created };
}
