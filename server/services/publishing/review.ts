/**
 * A creator's side of publishing: submitting an own card for the public gallery (with its content
 * rating), and unpublishing it (or withdrawing a submission) at any time. What administrators do is
 * in moderation.ts.
 */
import type { Kysely } from 'kysely';
import type { ReviewStatus, SubmitRequest } from '@core/contract';
import { findImage, lockOwner } from '../../db/repositories/images';
import { changeReview, dropFavorites, findRevision } from '../../db/repositories/publishing';
import type { CardRevision, Database, Image } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServiceContext } from '../context';
import { imageNotFound } from '../images/access';
import { removeBlobs } from '../images/delete';
import type { RequestUser } from '../users';
import { applyRevision } from './revisions';
import { checkWaitingRoom } from './waiting';

export const MESSAGE_HANDLE_REQUIRED = 'Choose your creator handle in Profile first: the gallery credits your characters to it.';
export const MESSAGE_ALREADY_PUBLIC = 'This character is public already. Changes you save to it go to review by themselves.';

/** Where a card stands, as its owner is told. */
export function reviewStatusOf(image: Image, revision: Pick<CardRevision, 'state' | 'note'> | undefined): ReviewStatus {
  return {
    state: image.review_state,
    content_rating: image.content_rating,
    note: image.review_note,
    changes: revision?.state ?? null,
    changes_note: revision?.note ?? null,
  };
}

async function ownCard(ctx: Pick<ServiceContext, 'db'>, user: RequestUser, fileId: string): Promise<Image> {
  const image = await findImage(ctx.db, fileId);
  if (!image || image.owner_id !== user.id) throw imageNotFound();
  return image;
}

export async function ownReviewStatus(ctx: Pick<ServiceContext, 'db'>, image: Image): Promise<ReviewStatus> {
  return reviewStatusOf(image, await findRevision(ctx.db, image.id));
}

/**
 * Submits one of the person's own cards for the gallery. A card waiting already only takes the new
 * rating; rejected changes of a published card go back to review as they are.
 */
export async function submitCard(ctx: ServiceContext, user: RequestUser, fileId: string, request: SubmitRequest): Promise<ReviewStatus> {
  const image = await ownCard(ctx, user, fileId);
  if (!user.handle) throw new AppError(409, 'handle_required', MESSAGE_HANDLE_REQUIRED);
  const now = new Date().toISOString();
  const saved = await ctx.db.transaction().execute(async (trx) => {
    await lockOwner(trx, user.id);
    const current = (await findImage(trx, image.id)) ?? image;
    const revision = await findRevision(trx, image.id);
    if (current.review_state === 'published') {
      if (revision?.state !== 'rejected') throw new AppError(409, 'already_public', MESSAGE_ALREADY_PUBLIC);
      await checkWaitingRoom(trx, user.id);
      await trx
        .updateTable('card_revisions')
        .set({ state: 'submitted', note: null, submitted_at: now, content_rating: request.content_rating })
        .where('image_id', '=', image.id)
        .execute();
      return current;
    }
    if (current.review_state !== 'submitted') await checkWaitingRoom(trx, user.id);
    const submitted_at = current.review_state === 'submitted' ? current.submitted_at : now;
    return changeReview(trx, image.id, {
      review_state: 'submitted',
      submitted_at,
      review_note: null,
      content_rating: request.content_rating,
    });
  });
  if (!saved) throw imageNotFound();
  return ownReviewStatus(ctx, saved);
}

/**
 * Takes a card out of the gallery (an administrator's reason in `note`, the creator's own choice
 * without one), in the caller's transaction: it becomes private again, nobody's favorite, and an
 * edit that was waiting becomes the card, the owner's latest. Returns blobs to remove after commit.
 */
export async function takeOutOfGallery(
  db: Kysely<Database>,
  image: Image,
  note: string | null,
): Promise<{ row: Image | undefined; unusedBlobs: string[] }> {
  const now = new Date().toISOString();
  const revision = await findRevision(db, image.id);
  const unusedBlobs = revision ? await applyRevision(db, image, revision, now) : [];
  await dropFavorites(db, image.id);
  const row = await changeReview(db, image.id, {
    is_public: 0,
    review_state: note === null ? 'private' : 'rejected',
    review_note: note,
    published_at: null,
    submitted_at: null,
  });
  return { row, unusedBlobs };
}

/** The creator unpublishes a public card, or withdraws one waiting for review; a private card stays as it is. */
export async function unpublishCard(ctx: ServiceContext, user: RequestUser, fileId: string): Promise<ReviewStatus> {
  const image = await ownCard(ctx, user, fileId);
  let unused: string[] = [];
  const saved = await ctx.db.transaction().execute(async (trx) => {
    const current = await findImage(trx, image.id);
    if (!current) return undefined;
    if (current.review_state === 'submitted') return changeReview(trx, image.id, { review_state: 'private', submitted_at: null });
    if (current.review_state !== 'published') return current;
    const { row, unusedBlobs } = await takeOutOfGallery(trx, current, null);
    unused = unusedBlobs;
    return row;
  });
  if (!saved) throw imageNotFound();
  await removeBlobs(ctx, unused);
  return ownReviewStatus(ctx, saved);
}
