import { buffer } from 'node:stream/consumers';
import {
  ASSET_URI_PREFIX,
  CardError,
  DEFAULT_CARD_LIMITS,
  readCard,
  readEmbeddedAssets,
  writeCard,
  type Card,
  type EmbeddedAsset,
} from '@core/card/index';
import { MAX_REPLACEMENT_BYTES, type ReplaceRequest, type ReplaceResult } from '@core/contract/replacement';
import { moveChatsToImage } from '../db/repositories/chats';
import { findFavoriteOfImage } from '../db/repositories/favorites';
import { AppError, badRequest } from '../errors';
import { pictureToPng } from './cardPictures';
import { removeFavorite } from './favorites';
import type { ServiceContext } from './context';
import { readableImage } from './images/access';
import { removeImage } from './images/delete';
import { uploadCard } from './uploads';
import type { RequestUser } from './users';

export const MESSAGE_FREE_PLAN = 'Free users cannot modify characters. Upgrade to a premium plan to replace character images.';
export const MESSAGE_NO_IMAGE = 'Please select an image file';
export const MESSAGE_NOT_IMAGE = 'Please select a valid image file';
export const MESSAGE_TOO_BIG = 'File size must be less than 10MB';

export function assetsNotKeptMessage(count: number): string {
  const what = count === 1 ? 'embedded asset' : `${count} embedded assets`;
  return `This card's ${what} can't be kept with this picture: together they would be larger than 20MB. Choose a smaller picture, or save without ${count === 1 ? 'it' : 'them'}.`;
}

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

/** The card's entries for embedded assets go with them, so no app looks for an asset that isn't there. */
function withoutEmbeddedAssets(card: Card): Card {
  if (!Array.isArray(card.data.assets)) return card;
  const assets = card.data.assets.filter(
    (entry) => !(typeof entry === 'object' && entry !== null && String((entry as { uri?: unknown }).uri).startsWith(ASSET_URI_PREFIX)),
  );
  return { ...card, data: { ...card.data, assets } };
}

/**
 * The card in the new picture, with the original's embedded assets (the V3 spec's asset chunks).
 * When they can't all fit beside the picture, the user is told before anything is saved (409), and
 * only a request that says so (`drop_assets`) saves the card without them.
 */
function embedCard(png: Uint8Array, card: Card, assets: readonly EmbeddedAsset[], dropAssets: boolean): Uint8Array {
  try {
    try {
      return writeCard(png, card, { assets });
    } catch (error) {
      if (!(error instanceof CardError) || error.code !== 'too_large_as_png' || assets.length === 0) throw error;
      if (!dropAssets) throw new AppError(409, 'assets_not_kept', assetsNotKeptMessage(assets.length));
      return writeCard(png, withoutEmbeddedAssets(card), { assets: [] });
    }
  } catch (error) {
    if (error instanceof CardError) throw badRequest(error.code, error.message);
    throw error;
  }
}

/** The original card's embedded assets, decoded from its stored PNG. */
async function assetsOf(ctx: Pick<ServiceContext, 'blobs'>, blobKey: string): Promise<EmbeddedAsset[]> {
  const stream = await ctx.blobs.get(blobKey);
  if (!stream) return [];
  const png = new Uint8Array(await buffer(stream));
  return readEmbeddedAssets(png, readCard(png).assetChunks, DEFAULT_CARD_LIMITS);
}

/**
 * Gives a character a new image (and optionally a new name): a new card of the user's with the same
 * card data embedded in the new picture. A replaced card of the user's own is deleted once the new one
 * is stored; a replaced public card stays, and the user's favorite of it goes (the copy is theirs now).
 */
export async function replaceCharacter(ctx: ServiceContext, user: RequestUser, request: ReplaceRequest): Promise<ReplacementResult> {
  if (user.plan === 'normal') throw new AppError(403, 'plan_required', MESSAGE_FREE_PLAN);
  const original = await readableImage(ctx, request.original_file_id, user);
  const png = await pictureToPng(decodeImageDataUrl(request.new_image), () => badRequest('not_image', MESSAGE_NOT_IMAGE));
  const assets = await assetsOf(ctx, original.blob_key);

  const card = JSON.parse(original.card_json) as Card;
  const newName = request.new_name?.trim();
  if (newName) card.data.name = newName;
  const own = original.owner_id === user.id;
  const item = await uploadCard(ctx, user, {
    filename: original.filename,
    mimetype: 'image/png',
    bytes: embedCard(png, card, assets, request.drop_assets === true),
    truncated: false,
    publicRelease: false,
    replacing: own && original.is_public === 0 ? original.id : undefined,
  });

  // Before the original goes: deleting it would unlink its chats.
  if (request.update_chat_links) {
    await moveChatsToImage(
      ctx.db,
      user.id,
      original.id,
      { imageId: item.file_id, name: card.data.name, cardType: 'user' },
      new Date().toISOString(),
    );
  }
  if (own) {
    await removeImage(ctx, 'user', original.id, user);
    return { data: item, original_deleted: true, favorite_removed: false };
  }
  const favorite = await findFavoriteOfImage(ctx.db, user.id, original.id);
  if (favorite) await removeFavorite(ctx, user, favorite.id);
  return { data: item, original_deleted: false, favorite_removed: Boolean(favorite) };
}
