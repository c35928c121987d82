/**
 * The character editor's save of one of the user's own cards (PUT /api/upload/card/{file_id}): the
 * card's PNG rewritten with the edited data, under the same file id.
 *
 * One step, whatever fails: the new PNG (and thumbnails, when the picture changed) go to new blob
 * keys beside the stored ones, then one transaction points the row at them, only if nobody switched
 * it meanwhile; the old blobs are deleted after the commit. A crash before the commit leaves the old
 * card (and unreferenced new blobs), a crash after it the new card (and unreferenced old blobs):
 * never a row naming a half-written file, on the file store and S3 alike.
 */
import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { type Card, checkListedFields, normalizeCard, readCard, writeCard } from '@core/card/index';
import type { CardEdit, CollectionItem } from '@core/contract';
import { MAX_EDIT_IMAGE_BYTES } from '@core/contract/constants';
import { renameChatsOfImage } from '../db/repositories/chats';
import { findImage, switchImageCard } from '../db/repositories/images';
import { blockBytes } from '../db/repositories/storage';
import { isUniqueViolation } from '../db/errors';
import type { Image } from '../db/schema';
import { AppError, badRequest, forbidden } from '../errors';
import type { ServiceContext } from './context';
import { imageNotFound } from './images/access';
import { blobKeysOf, removeBlobs } from './images/delete';
import { cardTypeOf, collectionItemOf } from './images/presentation';
import {
  blobKeysFor,
  type CardBlobKeys,
  cardColumns,
  cardFailure,
  MESSAGE_ADMIN_ONLY,
  MESSAGE_DUPLICATE,
  cardTextBytes,
  sha256Of,
  storeBlobs,
  storedName,
  thumbnailBytes,
} from './cardStorage';
import { checkMayChangePicture } from './plans';
import { needsReview, submitChanges } from './publishing/revisions';
import { makeThumbnails } from './thumbnails';
import { checkStorageRoom } from './storage';
import { lockAccount, type RequestUser } from './users';

export const MESSAGE_SAVED = 'Character saved';
export const MESSAGE_CHANGED_MEANWHILE = 'This character was changed somewhere else while you edited it. Reload it to see that version.';
export const MESSAGE_NOT_PNG_IMAGE = "The new picture must be a PNG sent as 'data:image/png;base64,…'";
export const MESSAGE_IMAGE_TOO_BIG = 'The new picture must be under 10MB';
export const MESSAGE_EDIT_TOO_LARGE = 'The character is too large to save: shorten its text or use a smaller picture.';

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The top-level fields the card carries besides spec, spec_version and data (SillyTavern's avatar, chat...). */
function unknownTopFields(card: Card): Record<string, unknown> {
  const { spec: _spec, spec_version: _version, data: _data, ...rest } = card;
  return rest;
}

/**
 * The stored card with the edit's data in place of its own. Whatever the editor does not show rides
 * in `data` as the editor received it (unknown fields, extensions, the lorebook's other fields,
 * assets); the card's own top-level extras are taken from the stored card. The codec coerces and
 * checks it as it does an upload's, the fields lists show within their bounds.
 */
function editedCard(stored: Card, data: CardEdit['data']): Card {
  const version = Number.parseFloat(stored.spec_version) >= 3 ? stored.spec_version : '3.0';
  try {
    const { card } = normalizeCard({ ...unknownTopFields(stored), spec: 'chara_card_v3', spec_version: version, data });
    checkListedFields(card.data);
    return card;
  } catch (error) {
    cardFailure(error);
  }
}

function decodeNewImage(dataUrl: string): Uint8Array {
  const match = PNG_DATA_URL.exec(dataUrl.trim());
  if (!match) throw badRequest('not_png', MESSAGE_NOT_PNG_IMAGE);
  const bytes = new Uint8Array(Buffer.from(match[1]!, 'base64'));
  if (bytes.length > MAX_EDIT_IMAGE_BYTES) throw badRequest('image_too_large', MESSAGE_IMAGE_TOO_BIG);
  return bytes;
}

async function storedPng(ctx: ServiceContext, image: Image): Promise<Uint8Array> {
  const stream = await ctx.blobs.get(image.blob_key);
  if (!stream) throw imageNotFound();
  return new Uint8Array(await buffer(stream));
}

/** The new PNG: the edited card written into the new picture, or into the stored PNG (its other chunks kept byte for byte). */
function rewrite(picture: Uint8Array, card: Card): { png: Uint8Array; width: number; height: number } {
  try {
    const png = writeCard(picture, card);
    const { width, height } = readCard(png);
    return { png, width, height };
  } catch (error) {
    cardFailure(error);
  }
}

/**
 * Saves an edit of the user's own card: another user's card (or none) is 404, a public release by
 * anyone but an administrator 403, bad data 400 naming the field (the contract) or the codec's
 * reason; a new picture on a Free plan 403, as every change of a character's picture is. Nothing
 * counts against the plan's slots: the card had its slot already (a release frees
 * it); a private card's growth counts against the plan's storage (413). The card's chats take the new name.
 * An edit of a published card by anyone but an administrator waits for review instead
 * (publishing/revisions.ts): the published version stays until it is approved.
 */
export async function editCard(ctx: ServiceContext, user: RequestUser, fileId: string, edit: CardEdit): Promise<CollectionItem> {
  const image = await findImage(ctx.db, fileId);
  if (!image || image.owner_id !== user.id) throw imageNotFound();
  if (edit.public_release && !user.isAdmin) throw forbidden(MESSAGE_ADMIN_ONLY);
  // A new picture for a stored card is a change of picture, as 'Change Character' is.
  if (edit.image !== undefined) checkMayChangePicture(user);
  const isPublic = image.is_public === 1 || edit.public_release === true;

  const card = editedCard(JSON.parse(image.card_json) as Card, edit.data);
  const picture = edit.image === undefined ? await storedPng(ctx, image) : decodeNewImage(edit.image);
  const { png, width, height } = rewrite(picture, card);
  const sha256 = sha256Of(png);
  const samePng = sha256 === image.sha256;
  if (samePng && isPublic === (image.is_public === 1)) return collectionItemOf(image);

  const stored: CardBlobKeys = { card: image.blob_key, thumbs: JSON.parse(image.thumb_keys) as Record<string, string> };
  // Thumbnails show the picture only: an edit of the text keeps the stored ones.
  const thumbnails = samePng || edit.image === undefined ? [] : await makeThumbnails(png);
  const keys = samePng ? stored : blobKeysFor(image.id, randomBytes(6).toString('hex'));
  if (thumbnails.length === 0) keys.thumbs = stored.thumbs;
  const columns = cardColumns(card, png, sha256, width, height);
  // What the card keeps stored after the edit: kept thumbnails count what they counted before.
  const keptThumbnails = Math.max(0, image.stored_bytes - blockBytes(image.file_size) - cardTextBytes(image));
  const storedBytes =
    blockBytes(png.length) + (thumbnails.length > 0 ? thumbnailBytes(thumbnails) : keptThumbnails) + cardTextBytes(columns);
  // A private card's growth counts against the plan's storage; the same check runs again under the lock.
  const checkRoom = (db: Parameters<typeof checkStorageRoom>[0]) =>
    isPublic ? Promise.resolve() : checkStorageRoom(db, user, storedBytes, image.stored_bytes);
  await checkRoom(ctx.db);
  const written = samePng ? [] : await storeBlobs(ctx, keys, png, thumbnails);
  if (needsReview(image, user)) {
    const content = { blob_key: keys.card, thumb_keys: JSON.stringify(keys.thumbs), ...columns, stored_bytes: storedBytes };
    return submitChanges(ctx, user, image, content, written);
  }

  let saved: Image;
  try {
    const now = new Date().toISOString();
    saved = await ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, user.id);
      await checkRoom(trx);
      const row = await switchImageCard(trx, image, {
        is_public: isPublic ? 1 : 0,
        blob_key: keys.card,
        thumb_keys: JSON.stringify(keys.thumbs),
        ...columns,
        stored_bytes: storedBytes,
        updated_at: now,
      });
      if (!row) throw new AppError(409, 'changed_meanwhile', MESSAGE_CHANGED_MEANWHILE);
      await renameChatsOfImage(trx, image.id, { name: storedName(card), cardType: cardTypeOf(row) }, now);
      return row;
    });
  } catch (error) {
    await removeBlobs(ctx, written);
    // The edited bytes are those of another card of the user's.
    if (isUniqueViolation(error)) throw new AppError(409, 'duplicate', MESSAGE_DUPLICATE);
    throw error;
  }
  const kept = new Set(blobKeysOf(saved));
  await removeBlobs(
    ctx,
    blobKeysOf(image).filter((key) => !kept.has(key)),
  );
  return collectionItemOf(saved);
}
