/**
 * An edit of a published card goes back to review: it is stored beside the card (card_revisions,
 * with its own blobs) while the published version stays what everyone sees, until an administrator
 * approves it (then it becomes the card) or rejects it (the creator sees why, and may edit again).
 * Administrators' own edits need no review.
 */
import type { Kysely } from 'kysely';
import type { CollectionItem } from '@core/contract';
import { renameChatsOfImage } from '../../db/repositories/chats';
import { isUniqueViolation } from '../../db/errors';
import { lockOwner, switchImageCard, type ImageCardChange } from '../../db/repositories/images';
import { deleteRevision, findRevision, putRevision } from '../../db/repositories/publishing';
import type { CardRevision, Database, Image } from '../../db/schema';
import { AppError } from '../../errors';
import type { ServiceContext } from '../context';
import { blobKeysOf, removeBlobs } from '../images/delete';
import { cardTypeOf, collectionItemOf } from '../images/presentation';
import { MESSAGE_DUPLICATE } from '../cardStorage';
import type { RequestUser } from '../users';
import { checkWaitingRoom } from './waiting';

/** What an edit makes of a card: everything a revision holds but its review. */
export type EditedContent = Required<Omit<ImageCardChange, 'is_public' | 'updated_at'>>;

export function needsReview(image: Pick<Image, 'is_public'>, user: RequestUser): boolean {
  return image.is_public === 1 && !user.isAdmin;
}

/** Blobs of a revision the card itself does not use (an edit of the text only shares the card's thumbnails). */
export function ownBlobs(revision: Pick<CardRevision, 'blob_key' | 'thumb_keys'>, image: Pick<Image, 'blob_key' | 'thumb_keys'>): string[] {
  const used = new Set(blobKeysOf(image));
  return blobKeysOf(revision).filter((key) => !used.has(key));
}

/**
 * Keeps an edit of a published card for review, in place of an earlier one (whose blobs go). Counts
 * as one of the person's waiting submissions unless one of this card's was waiting already.
 * `written`: the blobs the edit stored, removed again if it is refused.
 */
export async function submitChanges(
  ctx: ServiceContext,
  user: RequestUser,
  image: Image,
  content: EditedContent,
  written: string[],
): Promise<CollectionItem> {
  let replaced: CardRevision | undefined;
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await lockOwner(trx, user.id);
      replaced = await findRevision(trx, image.id);
      if (replaced?.state !== 'submitted') await checkWaitingRoom(trx, user.id);
      await putRevision(trx, {
        ...content,
        image_id: image.id,
        owner_id: user.id,
        state: 'submitted',
        content_rating: replaced?.content_rating ?? image.content_rating,
        note: null,
        submitted_at: new Date().toISOString(),
      });
    });
  } catch (error) {
    await removeBlobs(ctx, written);
    throw error;
  }
  if (replaced) {
    const kept = new Set([...blobKeysOf(image), ...blobKeysOf(content)]);
    await removeBlobs(
      ctx,
      blobKeysOf(replaced).filter((key) => !kept.has(key)),
    );
  }
  return collectionItemOf({ ...image, changes_state: 'submitted', changes_note: null });
}

/**
 * Makes the waiting edit the card (an approval, or the card leaving the gallery: the creator's
 * latest is then theirs alone), in the caller's transaction. Returns the blobs nothing uses any more,
 * to remove once it commits.
 */
export async function applyRevision(db: Kysely<Database>, image: Image, revision: CardRevision, now: string): Promise<string[]> {
  const change: ImageCardChange = {
    is_public: image.is_public,
    blob_key: revision.blob_key,
    thumb_keys: revision.thumb_keys,
    display_title: revision.display_title,
    sha256: revision.sha256,
    file_size: revision.file_size,
    width: revision.width,
    height: revision.height,
    aspect_ratio: revision.aspect_ratio,
    card_json: revision.card_json,
    card_summary: revision.card_summary,
    card_name: revision.card_name,
    card_tags: revision.card_tags,
    card_creator: revision.card_creator,
    spec_version: revision.spec_version,
    stored_bytes: revision.stored_bytes,
    updated_at: now,
  };
  let row: Image | undefined;
  try {
    row = await switchImageCard(db, image, change);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'duplicate', MESSAGE_DUPLICATE);
    throw error;
  }
  if (!row) throw new AppError(409, 'changed_meanwhile', 'This character changed while it was being reviewed. Open the queue again.');
  await deleteRevision(db, image.id);
  await renameChatsOfImage(db, image.id, { name: row.card_name, cardType: cardTypeOf(row) }, now);
  const kept = new Set(blobKeysOf(row));
  return blobKeysOf(image).filter((key) => !kept.has(key));
}

/** The blobs of the card's waiting or rejected edit that the card does not use: a deleted card's row takes its revision with it, not these. */
export async function revisionOnlyBlobs(db: Kysely<Database>, image: Pick<Image, 'id' | 'blob_key' | 'thumb_keys'>): Promise<string[]> {
  const revision = await findRevision(db, image.id);
  return revision ? ownBlobs(revision, image) : [];
}
