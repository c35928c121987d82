import { CardError, DEFAULT_CARD_LIMITS, MESSAGE_TOO_MANY_PIXELS, writeCard, type Card } from '../../core/card/index';
import { MAX_REPLACEMENT_BYTES, type ReplaceRequest, type ReplaceResult } from '../../core/contract/replacement';
import { moveChatsToImage } from '../db/repositories/chats';
import { findFavoriteOfImage } from '../db/repositories/favorites';
import { AppError, badRequest } from '../errors';
import { removeFavorite } from './favorites';
import type { ServiceContext } from './context';
import { readableImage } from './images/access';
import { removeImage } from './images/delete';
import { uploadCard } from './uploads';
import type { RequestUser } from './users';
import { loadSharp } from './sharp';

export const MESSAGE_FREE_PLAN = 'Free users cannot modify characters. Upgrade to a premium plan to replace character images.';
export const MESSAGE_NO_IMAGE = 'Please select an image file';
export const MESSAGE_NOT_IMAGE = 'Please select a valid image file';
export const MESSAGE_TOO_BIG = 'File size must be less than 10MB';

const DATA_URL = /^data:image\/(png|jpeg|jpg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

/** What the route answers beside `success` and `message`. */
export type ReplacementResult = Omit<ReplaceResult, 'success' | 'message'>;

/** The data URL's bytes, with the spec's messages for a missing, foreign or oversized image. */
export function decodeImageDataUrl(dataUrl: string): Uint8Array {
  if (!dataUrl.trim()) throw badRequest('no_image', MESSAGE_NO_IMAGE);
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) throw badRequest('not_image', MESSAGE_NOT_IMAGE);
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > MAX_REPLACEMENT_BYTES) throw badRequest('image_too_large', MESSAGE_TOO_BIG);
  return new Uint8Array(bytes);
}

/**
 * Any supported image as a PNG (a GIF's first frame). The header is read first, so an image the card
 * could never hold (the codec's side and pixel limits) is refused before a pixel is decoded.
 */
async function toPng(image: Uint8Array): Promise<Uint8Array> {
  const sharp = await loadSharp();
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(image, { limitInputPixels: false }).metadata());
  } catch {
    throw badRequest('not_image', MESSAGE_NOT_IMAGE);
  }
  const { maxSide, maxPixels } = DEFAULT_CARD_LIMITS;
  if (!width || !height) throw badRequest('not_image', MESSAGE_NOT_IMAGE);
  if (width > maxSide || height > maxSide || width * height > maxPixels) throw badRequest('too_many_pixels', MESSAGE_TOO_MANY_PIXELS);
  try {
    return new Uint8Array(await sharp(image, { limitInputPixels: maxPixels, failOn: 'error' }).png().toBuffer());
  } catch {
    throw badRequest('not_image', MESSAGE_NOT_IMAGE);
  }
}

/** The card in the new picture; the codec's refusal is the user's 400, never a 500. */
function embedCard(png: Uint8Array, card: Card): Uint8Array {
  try {
    return writeCard(png, card);
  } catch (error) {
    if (error instanceof CardError) throw badRequest(error.code, error.message);
    throw error;
  }
}

/**
 * Gives a character a new image (and optionally a new name): a new card of the user's with the same
 * card data embedded in the new picture. A replaced card of the user's own is deleted once the new one
 * is stored; a replaced public card stays, and the user's favorite of it goes (the copy is theirs now).
 */
export async function replaceCharacter(ctx: ServiceContext, user: RequestUser, request: ReplaceRequest): Promise<ReplacementResult> {
  if (user.plan === 'normal') throw new AppError(403, 'plan_required', MESSAGE_FREE_PLAN);
  const original = await readableImage(ctx, request.original_file_id, user);
  const png = await toPng(decodeImageDataUrl(request.new_image));

  const card = JSON.parse(original.card_json) as Card;
  const newName = request.new_name?.trim();
  if (newName) card.data.name = newName;
  const own = original.owner_id === user.id;
  const item = await uploadCard(ctx, user, {
    filename: original.filename,
    mimetype: 'image/png',
    bytes: embedCard(png, card),
    truncated: false,
    publicRelease: false,
    replacing: own && original.is_public === 0 ? original.id : undefined,
  });

  // Before the original goes: deleting it would unlink its chats.
  if (request.update_chat_links) {
    await moveChatsToImage(ctx.db, user.id, original.id, { imageId: item.file_id, name: card.data.name, cardType: 'user' }, new Date().toISOString());
  }
  if (own) {
    await removeImage(ctx, 'user', original.id, user);
    return { data: item, original_deleted: true, favorite_removed: false };
  }
  const favorite = await findFavoriteOfImage(ctx.db, user.id, original.id);
  if (favorite) await removeFavorite(ctx, user, favorite.id);
  return { data: item, original_deleted: false, favorite_removed: Boolean(favorite) };
}
