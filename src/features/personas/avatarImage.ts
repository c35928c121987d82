import { PERSONA_LIMITS } from '@core/contract/constants';

/** The side of the square a chosen picture is scaled to before it is sent (the server keeps 256). */
const SENT_SIDE = 512;
/** The largest file read at all: a phone's camera picture is well under it. */
export const MAX_AVATAR_FILE_BYTES = 20 * 1024 * 1024;

export const AVATAR_NOT_IMAGE = 'Please choose a picture: PNG, JPEG, WebP or GIF.';
export const AVATAR_FILE_TOO_LARGE = 'That picture is over 20 MB. Please choose a smaller one.';
export const AVATAR_UNREADABLE = "That picture can't be read. Please choose another one.";

/** Why a chosen file cannot be an avatar, or null when it can. */
export function avatarFileError(file: Pick<File, 'type' | 'size'>): string | null {
  if (!/^image\/(png|jpeg|webp|gif)$/.test(file.type)) return AVATAR_NOT_IMAGE;
  if (file.size > MAX_AVATAR_FILE_BYTES) return AVATAR_FILE_TOO_LARGE;
  return null;
}

/**
 * The picture as it is sent: its centred square scaled to 512 px, as a WebP data URL (PNG where the
 * browser cannot write WebP), so a camera photo of many megabytes goes as tens of kilobytes on a
 * phone's connection. Throws AVATAR_UNREADABLE for a file the browser cannot decode.
 */
export async function avatarDataUrl(file: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(AVATAR_UNREADABLE);
  }
  const side = Math.min(bitmap.width, bitmap.height);
  const out = Math.min(SENT_SIDE, side);
  const canvas = document.createElement('canvas');
  canvas.width = out;
  canvas.height = out;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(AVATAR_UNREADABLE);
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, out, out);
  bitmap.close();
  const url = canvas.toDataURL('image/webp', 0.9);
  // base64 is 4/3 of the bytes: a picture this small is far under the server's limit, but say so plainly if not.
  if ((url.length * 3) / 4 > PERSONA_LIMITS.avatarBytes) throw new Error(AVATAR_FILE_TOO_LARGE);
  return url;
}
