/**
 * The one way the server decodes a picture, whoever sent it: card pictures and thumbnails, the
 * editor's and replacement pictures, persona avatars, pictures from the image service. Before a pixel
 * is decoded the header says the format (PNG, JPEG, GIF, WebP: whatever the bytes claim to be
 * otherwise), the size (the codec's side and pixel limits), the frames of an animation, and what
 * the decode would hold in memory (header.ts); a picture past any of them is refused with a
 * sentence saying why. The decode then waits for a turn in a small pool (pool.ts), so however many
 * arrive together, memory stays within a few budgets.
 */
import type { Sharp } from 'sharp';
import { DEFAULT_CARD_LIMITS, MESSAGE_TOO_MANY_PIXELS } from '@core/card/index';
import type { AppError } from '../../errors';
import { badRequest } from '../../errors';
import { decodeCost, headerOf, maxPixelsWithin, type PictureFormat, type PictureHeader } from './header';
import { DecodePool } from './pool';
import { loadSharp } from './sharp';

export type { PictureFormat } from './header';

const MB = 1024 * 1024;

/** The most one decode may hold: a 2:3 card picture of 2,000 × 3,000 as a WebP, 4,000 × 4,000 as an interlaced PNG. */
export const PICTURE_BUDGET_BYTES = 64 * MB;
/** Frames of an animation: only the first is decoded, but reading the header walks them all. */
export const MAX_FRAMES = 1_000;

/**
 * Decodes at once hold at most two budgets together: two of the largest pictures, or many small ones (a
 * card portrait holds a few MB). A request waiting for its turn holds only the bytes it was sent
 * (already bounded by the upload limits), so many may wait: a hundred people uploading together all get
 * through, in turn.
 */
export const picturePool = new DecodePool({ budgetBytes: 2 * PICTURE_BUDGET_BYTES, maxWaiting: 256, waitMs: 60_000 });

const FORMAT_NAMES: Record<PictureFormat, string> = { png: 'PNG', jpeg: 'JPEG', gif: 'GIF', webp: 'WebP picture', svg: 'SVG' };

export interface PictureRules {
  /** The caller's error for bytes that are no picture it takes, or that fail to decode. */
  refusal: () => AppError;
  /** The formats taken: PNG, JPEG, GIF and WebP unless said otherwise. */
  formats?: readonly PictureFormat[];
}

const STILL_FORMATS: readonly PictureFormat[] = ['png', 'jpeg', 'gif', 'webp'];

const megapixels = (pixels: number) => `${(pixels / 1_000_000).toFixed(1)} megapixels`;

function tooLarge(header: PictureHeader): AppError {
  const name = FORMAT_NAMES[header.format];
  const size = `${header.width}×${header.height} pixels`;
  if (!header.wholeFrame) {
    return badRequest('picture_too_large', `This ${name} is too wide to read (${size}). Scale it down and try again.`);
  }
  const most = maxPixelsWithin(header.format, PICTURE_BUDGET_BYTES);
  const side = Math.floor(Math.sqrt(most));
  return badRequest(
    'picture_too_large',
    `This ${name} is too large to read (${size}): it may have at most ${megapixels(most)}, about ${side}×${side}. Scale it down, or send it as a PNG or JPEG.`,
  );
}

/** The header, checked against every limit; throws the refusal that says which one it passes. */
async function checkedHeader(sharp: typeof import('sharp'), bytes: Uint8Array, rules: PictureRules): Promise<PictureHeader> {
  let header: PictureHeader | undefined;
  try {
    header = headerOf(await sharp(bytes, { limitInputPixels: false }).metadata());
  } catch {
    throw rules.refusal();
  }
  if (!header || !(rules.formats ?? STILL_FORMATS).includes(header.format)) throw rules.refusal();
  const { maxSide, maxPixels } = DEFAULT_CARD_LIMITS;
  if (header.width > maxSide || header.height > maxSide || header.width * header.height > maxPixels) {
    throw badRequest('too_many_pixels', MESSAGE_TOO_MANY_PIXELS);
  }
  if (header.frames > MAX_FRAMES) {
    throw badRequest('too_many_frames', `This animation has ${header.frames} frames; a picture may have at most ${MAX_FRAMES}.`);
  }
  if (decodeCost(header) > PICTURE_BUDGET_BYTES) throw tooLarge(header);
  return header;
}

/**
 * Decodes `bytes` within the limits above and gives `work` the picture to resize and encode (its
 * first frame, EXIF orientation not yet applied). Errors other than the limits' are the caller's
 * refusal: a picture whose data is not what its header says.
 */
export async function withPicture<T>(bytes: Uint8Array, rules: PictureRules, work: (picture: Sharp) => Promise<T>): Promise<T> {
  const sharp = await loadSharp();
  const header = await checkedHeader(sharp, bytes, rules);
  return picturePool.run(decodeCost(header), async () => {
    try {
      return await work(sharp(bytes, { limitInputPixels: header.width * header.height, failOn: 'error' }));
    } catch {
      throw rules.refusal();
    }
  });
}

/**
 * A picture already decoded within withPicture (raw pixels, a few hundred kB), to encode again in other
 * sizes without decoding the original a second time. Only for pixels `work` produced.
 */
export async function fromPixels({
  data,
  info,
}: {
  data: Buffer;
  info: { width: number; height: number; channels: number };
}): Promise<Sharp> {
  const sharp = await loadSharp();
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels as 1 | 2 | 3 | 4 } });
}
