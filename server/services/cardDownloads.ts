/**
 * A card as people take it away: the PNG (always with `chara` V2 and `ccv3` V3 tEXt chunks, so
 * SillyTavern, which reads tEXt only, finds the card), the V3 .json and the .charx with its assets.
 */
import { buffer } from 'node:stream/consumers';
import type { Kysely } from 'kysely';
import { cardToCharx, cardToJsonFile, hasCardTextChunks, writeCard, type Card } from '../../core/card/index';
import type { BlobStore } from '../blobs/store';
import { incrementDownloadCount } from '../db/repositories/images';
import type { Database, Image } from '../db/schema';
import { notFound } from '../errors';
import { contentDisposition, IMAGE_NOT_FOUND, readableImage } from './images';
import type { RequestUser } from './users';

/**
 * The card's PNG. Uploads are stored rewritten; a card stored before that (an iTXt or zTXt card, a
 * V2-only one) is rewritten here from its own card and stored so, once.
 */
export async function cardPngOf(blobs: BlobStore, image: Pick<Image, 'blob_key' | 'card_json'>): Promise<Buffer> {
  const stream = await blobs.get(image.blob_key);
  if (!stream) throw notFound(IMAGE_NOT_FOUND);
  const png = await buffer(stream);
  if (hasCardTextChunks(png)) return png;
  const rewritten = asBuffer(writeCard(png, JSON.parse(image.card_json) as Card));
  await blobs.put(image.blob_key, rewritten, 'image/png');
  return rewritten;
}

/** Fastify sends a Buffer as bytes (a bare Uint8Array would go out as JSON); no copy. */
function asBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

export type CardExportFormat = 'json' | 'charx';

const EXPORTS: Record<CardExportFormat, { type: string; extension: string; make: (png: Uint8Array) => Uint8Array }> = {
  json: { type: 'application/json; charset=utf-8', extension: '.json', make: cardToJsonFile },
  charx: { type: 'application/zip', extension: '.charx', make: cardToCharx },
};

export interface CardExport {
  body: Buffer;
  type: string;
  disposition: string;
}

/** 'Download as .json (V3)' and 'Download as .charx': public cards for all, private ones for their owner. */
export async function cardExport(
  db: Kysely<Database>,
  blobs: BlobStore,
  id: string,
  user: RequestUser | null,
  format: CardExportFormat,
): Promise<CardExport> {
  const image = await readableImage(db, id, user);
  const { type, extension, make } = EXPORTS[format];
  const body = asBuffer(make(await cardPngOf(blobs, image)));
  await incrementDownloadCount(db, image.id);
  return { body, type, disposition: contentDisposition(image.card_name, extension) };
}
