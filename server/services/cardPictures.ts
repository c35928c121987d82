/**
 * The picture a card is stored in: any image converted to PNG (through the one picture path), or cardchat's
 * default portrait for a card that came without one (.json, .yaml, a .charx with no icon).
 */
import { readFile } from 'node:fs/promises';
import { type CardFile, hasCardTextChunks, PNG_SIGNATURE, writeCard } from '@core/card/index';
import { badRequest, type AppError } from '../errors';
import { projectFile } from '../paths';
import { withPicture } from './pictures/index';

const DEFAULT_PORTRAIT = projectFile('public/default-avatar.png');

let portrait: Promise<Uint8Array> | undefined;

/** cardchat's default portrait (a 2:3 PNG), read once. */
export function defaultPortrait(): Promise<Uint8Array> {
  portrait ??= readFile(DEFAULT_PORTRAIT).then((bytes) => new Uint8Array(bytes));
  return portrait;
}

export const MESSAGE_BAD_PICTURE = "The card's picture is damaged or not an image we can read";

/** Any picture as a PNG (a GIF's or an animation's first frame), through the one picture path. */
export function pictureToPng(image: Uint8Array, refusal: () => AppError): Promise<Uint8Array> {
  return withPicture(image, { refusal }, async (picture) => new Uint8Array(await picture.png().toBuffer()));
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
