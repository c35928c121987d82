/** A card's PNG and thumbnails from the blob store. */
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { hasCardTextChunks, pngForOtherApps, writeCard, type Card } from '@core/card/index';
import type { ThumbnailWidth } from '@core/contract/constants';
import { safeFileName } from '@core/fileName';
import type { Image } from '../../db/schema';
import { notFound } from '../../errors';
import { countOnce } from '../cardHits';
import type { ServiceContext } from '../context';
import type { RequestUser } from '../users';
import { imageNotFound, readableImage, scopedImage } from './access';

/**
 * A name safe in Content-Disposition: ASCII fallback plus the UTF-8 form (RFC 6266), made a safe
 * file name first (no bidi controls that would disguise the extension, no separators).
 */
export function contentDisposition(name: string, extension = '.png'): string {
  const base = safeFileName(name, 'card');
  const ascii = base.replace(/[^A-Za-z0-9 ._()-]/g, '_');
  return `attachment; filename="${ascii}${extension}"; filename*=UTF-8''${encodeURIComponent(`${base}${extension}`)}`;
}

/** Fastify sends a Buffer as bytes (a bare Uint8Array would go out as JSON); no copy. */
export function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The card's PNG, always with `chara` (V2) and `ccv3` (V3) tEXt chunks so SillyTavern, which reads
 * tEXt only, finds the card. Uploads are stored so; a card stored before that (an iTXt or zTXt card,
 * a V2-only one) is rewritten here from its own card and stored so, once.
 */
export async function cardPngOf(ctx: Pick<ServiceContext, 'blobs'>, image: Pick<Image, 'blob_key' | 'card_json'>): Promise<Buffer> {
  const stream = await ctx.blobs.get(image.blob_key);
  if (!stream) throw imageNotFound();
  const png = await buffer(stream);
  if (hasCardTextChunks(png)) return png;
  const rewritten = asBuffer(writeCard(png, JSON.parse(image.card_json) as Card));
  await ctx.blobs.put(image.blob_key, rewritten, 'image/png');
  return rewritten;
}

export interface ImageFile {
  body: Buffer;
  /** Set when the caller asked for a download. */
  disposition?: string;
}

/** The PNG of a public image (`scope` 'public') or of the user's own (`scope` 'user'); a download is counted once a day per downloader. */
export async function imageFile(
  ctx: ServiceContext,
  scope: 'public' | 'user',
  id: string,
  user: RequestUser | null,
  /** Set when the caller asked for a download: who downloads, counted once a day (cardHits.ts). */
  downloader: string | null,
): Promise<ImageFile> {
  const image = await scopedImage(ctx, scope, id, user);
  const body = await cardPngOf(ctx, image);
  if (downloader === null) return { body };
  await countOnce(ctx.db, image.id, 'download', downloader);
  // The files only a .charx reads back (RisuAI's module) stay stored for the .charx download.
  return { body: asBuffer(pngForOtherApps(body)), disposition: contentDisposition(image.card_name) };
}

export async function thumbnailFile(ctx: ServiceContext, id: string, width: ThumbnailWidth, user: RequestUser | null): Promise<Readable> {
  const image = await readableImage(ctx, id, user);
  const keys = JSON.parse(image.thumb_keys) as Record<string, string>;
  const key = keys[String(width)];
  const stream = key ? await ctx.blobs.get(key) : undefined;
  if (!stream) throw notFound('Thumbnail not found');
  return stream;
}
