/**
 * The administrators' side (/admin/review): the queue of submissions, edits of published cards and
 * open reports; approving (the card goes public, credited to its creator, who keeps owning it),
 * rejecting and unpublishing with a reason the creator is shown. The routes answer 404 to anyone
 * else (routes/review.ts), so none of this is reached by them.
 */
import type { Readable } from 'node:stream';
import type { ApproveRequest, ReviewItem, ReviewQueue, WholeCard } from '@core/contract';
import { publicText } from '@core/publicText';
import { PUBLISHING_LIMITS } from '@core/contract/publishingLimits';
import { findImage } from '../../db/repositories/images';
import { changeReview, changeRevision, findRevision, waitingCards, waitingChanges } from '../../db/repositories/publishing';
import { openReports, resolveReports } from '../../db/repositories/reports';
import { notFound } from '../../errors';
import type { ServiceContext } from '../context';
import { removeBlobs } from '../images/delete';
import { applyRevision } from './revisions';
import { takeOutOfGallery } from './review';

/** How much of each list the queue shows at once: the oldest first, the rest after those are done. */
const QUEUE_LENGTH = 50;

export const MESSAGE_NOTHING_WAITING = 'Nothing of this character is waiting for review.';

/** The portrait of what is reviewed, for administrators only (the card may be private). */
const reviewPictureUrl = (fileId: string) => `/api/admin/review/${encodeURIComponent(fileId)}/picture`;

const cardOf = (json: string) => JSON.parse(json) as WholeCard;

export async function reviewQueue(ctx: ServiceContext): Promise<ReviewQueue> {
  const [cards, changes, reports] = await Promise.all([
    waitingCards(ctx.db, QUEUE_LENGTH),
    waitingChanges(ctx.db, QUEUE_LENGTH),
    openReports(ctx.db, QUEUE_LENGTH),
  ]);
  const submissions: ReviewItem[] = [
    ...cards.map((image) => ({
      file_id: image.id,
      kind: 'submission' as const,
      name: image.card_name,
      published_name: null,
      creator_handle: image.creator_handle,
      content_rating: image.content_rating,
      submitted_at: image.submitted_at ?? image.updated_at,
      card: cardOf(image.card_json),
      picture_url: reviewPictureUrl(image.id),
    })),
    ...changes.map((revision) => ({
      file_id: revision.image_id,
      kind: 'changes' as const,
      name: revision.card_name,
      published_name: revision.published_name,
      creator_handle: revision.creator_handle,
      content_rating: revision.content_rating,
      submitted_at: revision.submitted_at,
      card: cardOf(revision.card_json),
      picture_url: reviewPictureUrl(revision.image_id),
    })),
  ].sort((a, b) => a.submitted_at.localeCompare(b.submitted_at));
  return {
    submissions,
    reports: reports.map((report) => ({
      id: report.id,
      file_id: report.image_id,
      card_name: report.card_name,
      creator_handle: report.creator_handle,
      reporter_handle: report.reporter_handle,
      reason: report.reason,
      details: report.details,
      created_at: report.created_at,
      picture_url: reviewPictureUrl(report.image_id),
      card_public: report.is_public === 1,
    })),
  };
}

/** A first submission goes public; waiting changes of a published card become the card. */
export async function approve(ctx: ServiceContext, fileId: string, request: ApproveRequest): Promise<void> {
  let unused: string[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const image = await findImage(trx, fileId);
    if (!image) throw notFound(MESSAGE_NOTHING_WAITING);
    const revision = await findRevision(trx, fileId);
    const now = new Date().toISOString();
    if (image.review_state === 'submitted') {
      await changeReview(trx, fileId, {
        is_public: 1,
        review_state: 'published',
        published_at: now,
        review_note: null,
        ...(request.content_rating ? { content_rating: request.content_rating } : {}),
      });
      return;
    }
    if (image.review_state !== 'published' || revision?.state !== 'submitted') throw notFound(MESSAGE_NOTHING_WAITING);
    unused = await applyRevision(trx, image, revision, now);
    await changeReview(trx, fileId, { content_rating: request.content_rating ?? revision.content_rating });
  });
  await removeBlobs(ctx, unused);
}

/** Sends a submission (or a published card's changes) back with the reason; the published version stays. */
export async function reject(ctx: ServiceContext, fileId: string, reason: string): Promise<void> {
  const note = publicText(reason, PUBLISHING_LIMITS.noteChars, { multiline: true });
  await ctx.db.transaction().execute(async (trx) => {
    const image = await findImage(trx, fileId);
    if (image?.review_state === 'submitted') {
      await changeReview(trx, fileId, { review_state: 'rejected', review_note: note, submitted_at: null });
      return;
    }
    const revision = image && (await findRevision(trx, fileId));
    if (revision?.state !== 'submitted') throw notFound(MESSAGE_NOTHING_WAITING);
    await changeRevision(trx, fileId, { state: 'rejected', note });
  });
}

/** Takes a public card out of the gallery, with the reason shown to its creator; its open reports are closed as acted on. */
export async function unpublish(ctx: ServiceContext, fileId: string, reason: string): Promise<void> {
  const note = publicText(reason, PUBLISHING_LIMITS.noteChars, { multiline: true });
  let unused: string[] = [];
  await ctx.db.transaction().execute(async (trx) => {
    const image = await findImage(trx, fileId);
    if (image?.is_public !== 1) throw notFound('This character is not in the gallery.');
    unused = (await takeOutOfGallery(trx, image, note)).unusedBlobs;
    await resolveReports(trx, { imageId: fileId }, 'actioned');
  });
  await removeBlobs(ctx, unused);
}

export async function dismissReport(ctx: ServiceContext, id: string): Promise<void> {
  if ((await resolveReports(ctx.db, { id }, 'dismissed')) === 0) throw notFound('No open report has this id.');
}

/** The 480-wide portrait of what is under review: the waiting changes' when there are, else the card's. */
export async function reviewPicture(ctx: ServiceContext, fileId: string): Promise<Readable> {
  const image = await findImage(ctx.db, fileId);
  if (!image) throw notFound('Thumbnail not found');
  const revision = await findRevision(ctx.db, fileId);
  const keys = JSON.parse((revision?.state === 'submitted' ? revision : image).thumb_keys) as Record<string, string>;
  const stream = keys['480'] ? await ctx.blobs.get(keys['480']) : undefined;
  if (!stream) throw notFound('Thumbnail not found');
  return stream;
}
