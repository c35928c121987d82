/**
 * The picture a card is stored in: any image converted to PNG (a header check first), or cardchat's
 * default portrait for a card that came without one (.json, .yaml, a .charx with no icon).
 */
import { readFile } from 'node:fs/promises';
import { DEFAULT_CARD_LIMITS, hasCardTextChunks, MESSAGE_TOO_MANY_PIXELS, PNG_SIGNATURE, writeCard, type CardFile } from '@core/card/index';
import { badRequest, type AppError } from '../errors';
import { projectFile } from '../paths';
import { loadSharp } from './sharp';

const DEFAULT_PORTRAIT = projectFile('public/default-avatar.png');

let portrait: Promise<Uint8Array> | undefined;

/** cardchat's default portrait (a 2:3 PNG), read once. */
export function defaultPortrait(): Promise<Uint8Array> {
  portrait ??= readFile(DEFAULT_PORTRAIT).then((bytes) => new Uint8Array(bytes));
  return portrait;
}

export const MESSAGE_BAD_PICTURE = "The card's picture is damaged or not an image we can read";

/**
 * Converts an image with `convert` (given sharp and the pixel limit to decode with). The header is
 * read first, so an image past the codec's side and pixel limits is refused before a pixel is decoded;
 * `refusal` is the caller's error for what is not an image at all, or one that fails to convert.
 */
export async function convertPicture<T>(
  image: Uint8Array,
  refusal: () => AppError,
  convert: (sharp: Awaited<ReturnType<typeof loadSharp>>, maxPixels: number) => Promise<T>,
): Promise<T> {
  const sharp = await loadSharp();
  let width: number | undefined;
  let height: number | undefined;
  try {
    ({ width, height } = await sharp(image, { limitInputPixels: false }).metadata());
  } catch {
    throw refusal();
  }
  const { maxSide, maxPixels } = DEFAULT_CARD_LIMITS;
  if (!width || !height) throw refusal();
  if (width > maxSide || height > maxSide || width * height > maxPixels) throw badRequest('too_many_pixels', MESSAGE_TOO_MANY_PIXELS);
  try {
    return await convert(sharp, maxPixels);
  } catch {
    throw refusal();
  }
}

/** Any image sharp reads as a PNG (a GIF's or an animation's first frame), an image no card could hold refused first. */
export function pictureToPng(image: Uint8Array, refusal: () => AppError): Promise<Uint8Array> {
  return convertPicture(
    image,
    refusal,
    async (sharp, maxPixels) => new Uint8Array(await sharp(image, { limitInputPixels: maxPixels, failOn: 'error' }).png().toBuffer()),
  );
}

/**
 * The PNG a card file is stored as: its picture (a PNG as it came, APNG frames included; anything else
 * converted), with `chara` (V2) and `ccv3` (V3) tEXt chunks and its embedded assets. Throws CardError
 * when the card and its assets would not fit in one PNG.
 */
export async function storedCardPng(file: CardFile): Promise<Uint8Array> {
  const { picture } = file;
  // A PNG whose card chunks are already what writeCard leaves is kept as the uploader's own bytes.
  if (file.source === 'png' && picture && hasCardTextChunks(picture.data)) return picture.data;
  const png =
    picture === null
      ? await defaultPortrait()
      : // By its bytes, not its name: a .charx's "icon.png" may be a WebP.
        PNG_SIGNATURE.every((byte, i) => picture.data[i] === byte)
        ? picture.data
        : await pictureToPng(picture.data, () => badRequest('bad_picture', MESSAGE_BAD_PICTURE));
  return writeCard(png, file.card, file.assets ? { assets: file.assets } : {});
}
