/**
 * A persona's picture: a data URL checked and decoded, then stored as a small square WebP in the
 * blob store under a key of the server's own (`personas/<uuid>.webp`), so an upload is never served
 * as the bytes that came in.
 */
import { randomUUID } from 'node:crypto';
import { PERSONA_LIMITS } from '@core/contract/constants';
import { badRequest } from '../../errors';
import type { ServiceContext } from '../context';
import { convertPicture } from '../cardPictures';

/** Square, as every place shows it (a round avatar); twice the largest it is drawn, for dense screens. */
export const AVATAR_SIDE = 256;

const DATA_URL = /^data:image\/(png|jpeg|jpg|gif|webp);base64,([A-Za-z0-9+/]+={0,2})$/;

const MB = PERSONA_LIMITS.avatarBytes / (1024 * 1024);
export const MESSAGE_AVATAR_NOT_IMAGE = 'The avatar must be a PNG, JPEG, WebP or GIF image.';
export const MESSAGE_AVATAR_TOO_LARGE = `The avatar must be at most ${MB} MB.`;

const notImage = () => badRequest('invalid_avatar', MESSAGE_AVATAR_NOT_IMAGE);

/** The image bytes of a data URL; refused unless it is one of the four types and within the size. */
export function avatarBytes(dataUrl: string): Uint8Array {
  const match = DATA_URL.exec(dataUrl.trim());
  if (!match) throw notImage();
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length > PERSONA_LIMITS.avatarBytes) throw badRequest('avatar_too_large', MESSAGE_AVATAR_TOO_LARGE);
  return new Uint8Array(bytes);
}

/** The picture cropped to a centred square WebP (a GIF's first frame), an oversized one refused before decoding. */
function toAvatarWebp(image: Uint8Array): Promise<Buffer> {
  return convertPicture(image, notImage, (sharp, maxPixels) =>
    sharp(image, { limitInputPixels: maxPixels, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIDE, AVATAR_SIDE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer(),
  );
}

/** Checks, converts and stores a picture sent as a data URL; returns its new blob key. */
export async function storeAvatar(ctx: ServiceContext, dataUrl: string): Promise<string> {
  const webp = await toAvatarWebp(avatarBytes(dataUrl));
  const key = `personas/${randomUUID()}.webp`;
  await ctx.blobs.put(key, webp, 'image/webp');
  return key;
}

/** The avatar's URL for the API: it names the key's own id, so a new picture is a new URL (caches never show the old one). */
export function avatarUrl(personaId: string, key: string | null): string | null {
  if (!key) return null;
  const version = /([0-9a-f-]+)\.webp$/.exec(key)?.[1] ?? 'v';
  return `/api/personas/${encodeURIComponent(personaId)}/avatar?v=${version}`;
}
