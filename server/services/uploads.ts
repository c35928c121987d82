import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CARD_FILE_FORMATS, checkFile, DEFAULT_CARD_LIMITS, readCard, readCardFile, type Card } from '@core/card/index';
import { privateSlots } from '@core/contract/constants';
import { safeFileName } from '@core/fileName';
import { planLabel } from '@core/plans';
import type { CollectionItem } from '@core/contract';
import { countPrivateImages, findImage, findImageByOwnerAndHash, insertImage } from '../db/repositories/images';
import { blockBytes } from '../db/repositories/storage';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { AppError, forbidden } from '../errors';
import { storedCardPng } from './cardPictures';
import { makeThumbnails } from './thumbnails';
import {
  blobKeysFor,
  cardColumns,
  cardFailure,
  cardTextBytes,
  MESSAGE_ADMIN_ONLY,
  MESSAGE_DUPLICATE,
  sha256Of,
  storeBlobs,
  thumbnailBytes,
} from './cardStorage';
import type { ServiceContext } from './context';
import { removeBlobs } from './images/delete';
import { collectionItemOf } from './images/presentation';
import { checkStorageRoom } from './storage';
import type { UploadForm } from './uploadForm';
import { lockAccount, type RequestUser } from './users';

export const MESSAGE_UPLOADED = 'Image uploaded successfully!';
export function slotLimitMessage(plan: string): string {
  return `Your ${planLabel(plan)} plan allows ${privateSlots(plan)} private cards. Delete one or upgrade to upload more.`;
}

const CARD_EXTENSIONS = new Set(CARD_FILE_FORMATS.flatMap((format) => format.extensions));

/**
 * The user's file name, made safe to show and save (core/fileName: no path, no control or bidi
 * characters), with the .png it is stored as in place of the format it came in (.charx, .json...).
 */
export function sanitizeFilename(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 ? base.slice(dot) : '';
  const known = CARD_EXTENSIONS.has(extension.toLowerCase());
  const stem = safeFileName(known ? base.slice(0, dot) : base, 'card');
  // A .png keeps the uploader's spelling of it (.PNG).
  return `${stem}${extension.toLowerCase() === '.png' ? extension : '.png'}`;
}

/** What a private card adds to its owner's storage and what it frees (a replaced card of theirs). */
interface StorageChange {
  adding: number;
  freeing: number;
}

/** The plan's private slots and storage (public cards count against neither) and the same-bytes rule. */
async function checkRoom(
  db: Kysely<Database>,
  user: RequestUser,
  isPublic: boolean,
  sha256: string,
  replacing: string | undefined,
  storage: StorageChange,
): Promise<void> {
  if (!isPublic && (await countPrivateImages(db, user.id, replacing)) >= privateSlots(user.plan)) {
    throw new AppError(403, 'slot_limit', slotLimitMessage(user.plan));
  }
  if (await findImageByOwnerAndHash(db, user.id, sha256)) throw new AppError(409, 'duplicate', MESSAGE_DUPLICATE);
  if (!isPublic) await checkStorageRoom(db, user, storage.adding, storage.freeing);
}

/**
 * The upload as the PNG card it is stored as, whatever format it came in: every check of the codec
 * first (nothing is decoded past a limit), then the picture, the card's `chara` + `ccv3` tEXt chunks
 * and its assets.
 */
async function cardOfUpload(form: UploadForm): Promise<{ png: Uint8Array; card: Card; width: number; height: number }> {
  try {
    checkFile({
      type: form.mimetype,
      size: form.truncated ? DEFAULT_CARD_LIMITS.maxFileBytes + 1 : form.bytes.length,
      name: form.filename,
    });
    const png = await storedCardPng(await readCardFile(form.bytes, { name: form.filename, type: form.mimetype }));
    const { card, width, height } = readCard(png);
    return { png, card, width, height };
  } catch (error) {
    cardFailure(error);
  }
}

/** An upload on the server (docs/PRODUCT.md, Screens: Upload; Plans): every check, then thumbnails, blobs and the row, in that order. */
export async function uploadCard(ctx: ServiceContext, user: RequestUser, form: UploadForm): Promise<CollectionItem> {
  const { png, card, width, height } = await cardOfUpload(form);

  if (form.publicRelease && !user.isAdmin) throw forbidden(MESSAGE_ADMIN_ONLY);
  const isPublic = form.publicRelease;
  // Of the bytes uploaded: the same file twice is the duplicate, whatever it is stored as.
  const sha256 = sha256Of(form.bytes);
  const columns = cardColumns(card, png, sha256, width, height);
  const textBytes = cardTextBytes(columns);
  const replaced = form.replacing ? await findImage(ctx.db, form.replacing) : undefined;
  const freeing = replaced?.stored_bytes ?? 0;
  // Checked here to refuse early (the thumbnails' size is not known yet), and again under the
  // owner's lock just before the insert.
  await checkRoom(ctx.db, user, isPublic, sha256, form.replacing, { adding: form.bytes.length + textBytes, freeing });

  const thumbnails = await makeThumbnails(png);

  const id = randomUUID();
  const keys = blobKeysFor(id);
  const written = await storeBlobs(ctx, keys, png, thumbnails);
  try {
    const now = new Date().toISOString();
    // As stored: the PNG and thumbnails in whole blocks of the disk, the card's text in its row.
    const storedBytes = blockBytes(png.length) + thumbnailBytes(thumbnails) + textBytes;
    const image = await ctx.db.transaction().execute(async (trx) => {
      await lockAccount(trx, user.id);
      await checkRoom(trx, user, isPublic, sha256, form.replacing, { adding: storedBytes, freeing });
      return insertImage(trx, {
        id,
        owner_id: user.id,
        is_public: isPublic ? 1 : 0,
        content_rating: isPublic ? (form.contentRating ?? 'sfw') : 'sfw',
        filename: sanitizeFilename(form.filename),
        blob_key: keys.card,
        thumb_keys: JSON.stringify(keys.thumbs),
        ...columns,
        stored_bytes: storedBytes,
        created_at: now,
        updated_at: now,
      });
    });
    return collectionItemOf(image);
  } catch (error) {
    await removeBlobs(ctx, written);
    // Two uploads of the same bytes racing each other: the second loses at the unique index.
    if (isUniqueViolation(error)) throw new AppError(409, 'duplicate', MESSAGE_DUPLICATE);
    throw error;
  }
}
