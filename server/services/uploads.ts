import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  boundedText,
  CARD_FILE_FORMATS,
  CardError,
  checkFile,
  DEFAULT_CARD_LIMITS,
  MAX_NAME_CHARS,
  readCard,
  readCardFile,
  summarizeCard,
  type Card,
} from '@core/card/index';
import { privateSlots } from '@core/contract/constants';
import { safeFileName } from '@core/fileName';
import { planLabel } from '@core/plans';
import type { CollectionItem } from '@core/contract';
import { countPrivateImages, findImage, findImageByOwnerAndHash, insertImage, lockOwner } from '../db/repositories/images';
import { isUniqueViolation } from '../db/errors';
import type { Database } from '../db/schema';
import { AppError, badRequest, forbidden } from '../errors';
import { storedCardPng } from './cardPictures';
import type { ServiceContext } from './context';
import { removeBlobs } from './images/delete';
import { collectionItemOf } from './images/presentation';
import { checkStorageRoom } from './storage';
import { makeThumbnails, THUMBNAIL_WIDTHS, type Thumbnail } from './thumbnails';
import type { UploadForm } from './uploadForm';
import type { RequestUser } from './users';

export const MESSAGE_UPLOADED = 'Image uploaded successfully!';
export const MESSAGE_DUPLICATE = 'You have already uploaded this card.';
export const MESSAGE_ADMIN_ONLY = 'Only administrators can publish public cards';
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

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function aspectRatio(width: number, height: number): string {
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

export function cardFailure(error: unknown): never {
  if (error instanceof CardError) throw badRequest(error.code, error.message);
  throw error;
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

/** The name lists show (bounded); the card's own text keeps it whole. */
export function storedName(card: Card): string {
  return boundedText(card.data.name.trim() || 'Unnamed character', MAX_NAME_CHARS);
}

/** The row's columns that come from the card and its PNG, the same for an upload and an edit. */
export function cardColumns(card: Card, png: Uint8Array, sha256: string, width: number, height: number) {
  const name = storedName(card);
  return {
    display_title: name,
    sha256,
    file_size: png.length,
    width,
    height,
    aspect_ratio: aspectRatio(width, height),
    card_json: JSON.stringify(card),
    card_summary: JSON.stringify(summarizeCard(card, name)),
    card_name: name,
    card_tags: JSON.stringify(card.data.tags),
    card_creator: card.data.creator,
    spec_version: card.spec_version,
  };
}

/** What the card's text adds to its owner's storage: the JSON and the lists' summary of it. */
export function cardTextBytes(columns: { card_json: string; card_summary: string }): number {
  return Buffer.byteLength(columns.card_json) + Buffer.byteLength(columns.card_summary);
}

export function thumbnailBytes(thumbnails: Thumbnail[]): number {
  return thumbnails.reduce((sum, thumbnail) => sum + thumbnail.data.length, 0);
}

export const sha256Of = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface CardBlobKeys {
  card: string;
  /** By width, as the row's thumb_keys. */
  thumbs: Record<string, string>;
}

/**
 * Where a card's PNG and thumbnails are stored. An edit writes beside the stored ones under a new
 * `revision` (never over them), so the row can switch to the new card in one update.
 */
export function blobKeysFor(id: string, revision?: string): CardBlobKeys {
  const base = revision ? `${id}-${revision}` : id;
  return {
    card: `cards/${base}.png`,
    thumbs: Object.fromEntries(THUMBNAIL_WIDTHS.map((width) => [String(width), `thumbs/${base}-${width}.webp`])),
  };
}

/**
 * Writes the PNG and (when given) its thumbnails; returns the keys written. A failed write removes
 * what this call wrote before it, so nothing is left behind.
 */
export async function storeBlobs(
  ctx: ServiceContext,
  keys: CardBlobKeys,
  png: Uint8Array,
  thumbnails: Thumbnail[] = [],
): Promise<string[]> {
  const written: string[] = [];
  try {
    await ctx.blobs.put(keys.card, png, 'image/png');
    written.push(keys.card);
    for (const thumbnail of thumbnails) {
      const key = keys.thumbs[String(thumbnail.width)]!;
      await ctx.blobs.put(key, thumbnail.data, 'image/webp');
      written.push(key);
    }
    return written;
  } catch (error) {
    await removeBlobs(ctx, written);
    throw error;
  }
}

/** The thumbnails of a PNG; pixels sharp cannot decode are the card's fault (400), not the server's. */
export async function thumbnailsOf(png: Uint8Array): Promise<Thumbnail[]> {
  try {
    return await makeThumbnails(png, DEFAULT_CARD_LIMITS.maxPixels);
  } catch {
    // The codec never decodes pixels; sharp does, and refuses image data that is not really there.
    throw badRequest('corrupt_png', new CardError('corrupt_png').message);
  }
}

/** Spec §5 and §9 on the server: every check, then thumbnails, blobs and the row, in that order. */
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

  const thumbnails = await thumbnailsOf(png);

  const id = randomUUID();
  const keys = blobKeysFor(id);
  const written = await storeBlobs(ctx, keys, png, thumbnails);
  try {
    const now = new Date().toISOString();
    const storedBytes = form.bytes.length + thumbnailBytes(thumbnails) + textBytes;
    const image = await ctx.db.transaction().execute(async (trx) => {
      await lockOwner(trx, user.id);
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
