import type { Readable } from 'node:stream';
import type { Kysely } from 'kysely';
import { safeFileName } from '../../core/fileName';
import type {
  CardSummary,
  CardTagsResponse,
  CharacterDetails,
  ChatCharacter,
  CollectionItem,
  PublicImage,
} from '../../core/types';
import type { Card, CardSummaryData } from '../../core/card/index';
import type { BlobStore } from '../blobs/store';
import { latestChatPerImage } from '../db/repositories/chats';
import {
  deleteImage,
  findImage,
  listOwnerImages,
  listPublicImages,
  type GalleryImage,
  type ListedImage,
} from '../db/repositories/images';
import type { Database, Image } from '../db/schema';
import { AppError, forbidden, notFound } from '../errors';
import { countOnce } from './cardHits';
import type { RequestUser } from './users';
import { THUMBNAIL_WIDTHS } from './thumbnails';

export const IMAGE_NOT_FOUND = 'Image not found';
export const DELETE_NOT_FOUND = 'Image not found or no permission to delete';

const imageNotFound = () => notFound(IMAGE_NOT_FOUND);

// ---------------------------------------------------------------- presentation

export function cardOf(image: Pick<Image, 'card_json'>): { spec: string; spec_version: string; data: Record<string, unknown> } & Record<string, unknown> {
  return JSON.parse(image.card_json) as { spec: string; spec_version: string; data: Record<string, unknown> };
}

export function tagsOf(image: Pick<Image, 'card_tags'>): string[] {
  const tags = JSON.parse(image.card_tags) as unknown;
  return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
}

/** What lists say of a card: the bounded summary made at upload (core/card/summary.ts), never the whole card. */
function summaryOf(image: Pick<Image, 'card_summary' | 'spec_version'>): CardSummary {
  return { spec_version: image.spec_version, data: JSON.parse(image.card_summary) as CardSummaryData };
}

/** Spec §3 card_type: 'public' for the gallery's cards, 'user' for a user's own private ones. */
export function cardTypeOf(image: Pick<Image, 'is_public'>): 'public' | 'user' {
  return image.is_public === 1 ? 'public' : 'user';
}

export function imageUrl(image: Pick<Image, 'id' | 'is_public'>): string {
  return image.is_public === 1 ? `/api/upload/image/${image.id}` : `/api/upload/image/user/${image.id}`;
}

export function thumbnailUrl(id: string, width: number = THUMBNAIL_WIDTHS[0]): string {
  return `/api/upload/image/thumbnail/${id}/${width}.webp`;
}

function thumbnailSrcset(id: string): string {
  return THUMBNAIL_WIDTHS.map((width) => `${thumbnailUrl(id, width)} ${width}w`).join(', ');
}

export function collectionItemOf(image: ListedImage): CollectionItem {
  return {
    file_id: image.id,
    display_title: image.display_title,
    title: image.card_name,
    filename: image.filename,
    url: imageUrl(image),
    thumbnail_url: thumbnailUrl(image.id),
    thumbnail_srcset: thumbnailSrcset(image.id),
    upload_time: image.created_at,
    file_size: image.file_size,
    width: image.width,
    height: image.height,
    aspect_ratio: image.aspect_ratio,
    is_public: image.is_public,
    view_count: image.view_count,
    download_count: image.download_count,
    favorite_count: image.favorite_count,
    card_data: summaryOf(image),
  };
}

export function publicImageOf(image: GalleryImage): PublicImage {
  return {
    file_id: image.id,
    title: image.card_name,
    display_title: image.display_title,
    filename: image.filename,
    url: imageUrl(image),
    thumbnail_url: thumbnailUrl(image.id),
    thumbnail_srcset: thumbnailSrcset(image.id),
    upload_time: image.created_at,
    favorite_count: image.favorite_count,
    card_data: summaryOf(image),
  };
}

/** `chatId`: the user's most recent chat with the card, if any. */
function chatCharacterOf(image: ListedImage, chatId: string | null): ChatCharacter {
  const { data } = summaryOf(image);
  return {
    id: image.id,
    name: data.name,
    avatar_url: imageUrl(image),
    tags: data.tags,
    card_type: cardTypeOf(image),
    description: data.description,
    personality: data.personality,
    scenario: data.scenario,
    first_mes: data.first_mes,
    card_data: { data },
    chat_id: chatId,
  };
}

// ---------------------------------------------------------------- access rules

/** Public images are anyone's to read; private ones only their owner's. Everything else is 404. */
/** Public cards are everyone's to read; a private one only its owner's. */
export function canRead(image: Image, user: RequestUser | null): boolean {
  return image.is_public === 1 || image.owner_id === user?.id;
}

export async function readableImage(db: Kysely<Database>, id: string, user: RequestUser | null): Promise<Image> {
  const image = await findImage(db, id);
  if (!image || !canRead(image, user)) throw imageNotFound();
  return image;
}

async function publicImage(db: Kysely<Database>, id: string): Promise<Image> {
  const image = await findImage(db, id);
  if (!image || image.is_public !== 1) throw imageNotFound();
  return image;
}

async function ownImage(db: Kysely<Database>, id: string, user: RequestUser): Promise<Image> {
  const image = await findImage(db, id);
  if (!image || image.owner_id !== user.id) throw imageNotFound();
  return image;
}

// ---------------------------------------------------------------- reads

export async function galleryPage(db: Kysely<Database>, query: { limit: number; offset: number; q?: string | undefined }) {
  const { rows, total } = await listPublicImages(db, query);
  return { success: true as const, data: rows.map(publicImageOf), total, limit: query.limit, offset: query.offset };
}

export async function collectionPage(db: Kysely<Database>, user: RequestUser, query: { limit: number; offset: number }) {
  const { rows, total } = await listOwnerImages(db, user.id, query);
  return {
    success: true as const,
    data: rows.map(collectionItemOf),
    total,
    limit: query.limit,
    offset: query.offset,
    has_next: query.offset + rows.length < total,
    has_prev: query.offset > 0,
  };
}

/** Every card the user uploaded, as characters to chat with (newest first, capped at 1000). */
export async function userCharacters(db: Kysely<Database>, user: RequestUser) {
  const { rows } = await listOwnerImages(db, user.id, { limit: 1000, offset: 0 });
  const chats = await latestChatPerImage(db, user.id, rows.map((image) => image.id));
  return { success: true as const, data: rows.map((image) => chatCharacterOf(image, chats.get(image.id) ?? null)) };
}

/** Character details by file id; counts a view, once a day per `viewer` (cardHits.ts). */
export async function characterDetails(db: Kysely<Database>, id: string, user: RequestUser | null, viewer: string): Promise<CharacterDetails> {
  const image = await readableImage(db, id, user);
  await countOnce(db, image.id, 'view', viewer);
  return {
    file_id: image.id,
    filename: image.filename,
    url: imageUrl(image),
    display_title: image.display_title,
    tags: tagsOf(image),
    card_type: cardTypeOf(image),
    card_data: cardOf(image),
  };
}

export async function cardJson(db: Kysely<Database>, id: string, user: RequestUser | null) {
  return cardOf(await readableImage(db, id, user));
}

export async function cardTags(
  db: Kysely<Database>,
  scope: 'public' | 'user',
  id: string,
  user: RequestUser | null,
): Promise<CardTagsResponse> {
  const image = scope === 'public' ? await publicImage(db, id) : await ownImage(db, id, user!);
  // One card: its whole text, as the card endpoint sends it.
  const { data } = JSON.parse(image.card_json) as Pick<Card, 'data'>;
  return {
    tags: tagsOf(image),
    description: data.description,
    personality: data.personality,
    scenario: data.scenario,
    first_mes: data.first_mes,
    card_name: image.card_name,
  };
}

/**
 * A name safe in Content-Disposition: ASCII fallback plus the UTF-8 form (RFC 6266), made a safe
 * file name first (no bidi controls that would disguise the extension, no separators).
 */
export function contentDisposition(name: string, extension = '.png'): string {
  const base = safeFileName(name, 'card');
  const ascii = base.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  return `attachment; filename="${ascii}${extension}"; filename*=UTF-8''${encodeURIComponent(`${base}${extension}`)}`;
}

export interface ImageFile {
  stream: Readable;
  /** Set when the caller asked for a download. */
  disposition?: string;
}

/** The PNG of a public image (`scope` 'public') or of the user's own (`scope` 'user'). */
export async function imageFile(
  db: Kysely<Database>,
  blobs: BlobStore,
  scope: 'public' | 'user',
  id: string,
  user: RequestUser | null,
  /** Set when the caller asked for a download: who downloads, counted once a day (cardHits.ts). */
  downloader: string | null,
): Promise<ImageFile> {
  const image = scope === 'public' ? await publicImage(db, id) : await ownImage(db, id, user!);
  const stream = await blobs.get(image.blob_key);
  if (!stream) throw imageNotFound();
  if (downloader === null) return { stream };
  await countOnce(db, image.id, 'download', downloader);
  return { stream, disposition: contentDisposition(image.card_name) };
}

export async function thumbnailFile(
  db: Kysely<Database>,
  blobs: BlobStore,
  id: string,
  width: number,
  user: RequestUser | null,
): Promise<Readable> {
  const image = await readableImage(db, id, user);
  const keys = JSON.parse(image.thumb_keys) as Record<string, string>;
  const key = keys[String(width)];
  if (!key) throw notFound('Thumbnail not found');
  const stream = await blobs.get(key);
  if (!stream) throw notFound('Thumbnail not found');
  return stream;
}

// ---------------------------------------------------------------- delete

export function blobKeysOf(image: Pick<Image, 'blob_key' | 'thumb_keys'>): string[] {
  return [image.blob_key, ...Object.values(JSON.parse(image.thumb_keys) as Record<string, string>)];
}

async function removeBlobs(blobs: BlobStore, keys: string[], log: (error: unknown) => void): Promise<void> {
  for (const key of keys) {
    try {
      await blobs.delete(key);
    } catch (error) {
      log(error);
    }
  }
}

/**
 * Deletes an image: the owner may delete any of theirs (`scope` 'user'); an administrator may delete
 * any public image (`scope` 'public'). The row goes first (with its favorites), then the blobs; a
 * blob that fails to go is only logged, since nothing points at it any more.
 */
export async function removeImage(
  db: Kysely<Database>,
  blobs: BlobStore,
  scope: 'public' | 'user',
  id: string,
  user: RequestUser,
  log: (error: unknown) => void,
): Promise<void> {
  if (scope === 'public' && !user.isAdmin) throw forbidden('Access denied');
  const image = await findImage(db, id);
  const allowed = image && (scope === 'user' ? image.owner_id === user.id : image.is_public === 1);
  if (!image || !allowed) throw new AppError(404, 'not_found', DELETE_NOT_FOUND);
  if (!(await deleteImage(db, image.id))) throw new AppError(404, 'not_found', DELETE_NOT_FOUND);
  await removeBlobs(blobs, blobKeysOf(image), log);
}
