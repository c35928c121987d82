import { createHash } from 'node:crypto';
import { boundedText, CardError, MAX_NAME_CHARS, summarizeCard, type Card } from '@core/card/index';
import { blockBytes } from '../db/repositories/storage';
import { badRequest } from '../errors';
import type { ServiceContext } from './context';
import { removeBlobs } from './images/delete';
import { THUMBNAIL_WIDTHS, type Thumbnail } from './thumbnails';

/**
 * What storing a card takes, the same for an upload (uploads.ts) and an editor's save (cardEdits.ts):
 * the row's columns from the card, the bytes it counts against its owner's storage, its PNG and
 * thumbnails in the blob store, and the refusals both give.
 */

export const MESSAGE_DUPLICATE = 'You have already uploaded this card.';
export const MESSAGE_ADMIN_ONLY = 'Only administrators can publish public cards';

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/** A picture's shape as lists show it: '2:3'. */
function aspectRatio(width: number, height: number): string {
  const d = gcd(width, height);
  return `${width / d}:${height / d}`;
}

/** A card the codec refused is the uploader's 400, with the codec's reason; anything else is thrown as it is. */
export function cardFailure(error: unknown): never {
  if (error instanceof CardError) throw badRequest(error.code, error.message);
  throw error;
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
  return thumbnails.reduce((sum, thumbnail) => sum + blockBytes(thumbnail.data.length), 0);
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
