import { DEFAULT_CARD_LIMITS } from '@core/card/index';
import { userDisplayName } from '@core/chat/index';
import type { CharacterPhotoRequest } from '@core/contract';
import { AppError } from '../errors';
import { portraitPrompt, requestImage } from './chats/photo';
import type { ServiceContext } from './context';
import { loadSharp } from './sharp';
import type { RequestUser } from './users';

/** Wide enough for a sharp card on a dense phone screen; the editor crops it to 2:3 itself. */
const MAX_SIDE = 1024;

/**
 * The character editor's 'Generate Photo': a portrait from the name and description being written,
 * as a PNG for the editor to crop. Nothing is stored: the picture becomes the card's only when the
 * person saves it.
 */
export async function generateCharacterPhoto(ctx: ServiceContext, user: RequestUser, request: CharacterPhotoRequest): Promise<Buffer> {
  const names = { char: request.name.trim(), user: userDisplayName(user) };
  const picture = await requestImage(ctx, portraitPrompt(names, request.description));
  const sharp = await loadSharp();
  try {
    return await sharp(picture, { limitInputPixels: DEFAULT_CARD_LIMITS.maxPixels, failOn: 'error' })
      .resize(MAX_SIDE, MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
  } catch {
    throw new AppError(502, 'image_service_failed', 'The image service sent a picture that could not be read.');
  }
}
