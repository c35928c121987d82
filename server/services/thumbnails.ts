import { CardError } from '@core/card/index';
import { badRequest } from '../errors';
import { fromPixels, withPicture } from './pictures/index';

/** Portrait cards are 2:3; thumbnails are cropped to that shape so the gallery grid stays even. */
const ASPECT = 3 / 2;

/** Widths for the gallery's srcset: one for phones and narrow columns, one for dense screens. */
export const THUMBNAIL_WIDTHS = [240, 480] as const;

export interface Thumbnail {
  width: number;
  height: number;
  data: Buffer;
}

/** The codec never decodes pixels; a picture whose pixels are not really there is the card's fault (400). */
const corrupt = () => badRequest('corrupt_png', new CardError('corrupt_png').message);

/**
 * WebP thumbnails of a card image, centre-cropped to 2:3, through the one picture path (its limits,
 * its pool). The picture is decoded and cropped once, to the largest width; the smaller ones are
 * scaled from those few pixels, so a large card costs one decode, not one per width.
 */
export function makeThumbnails(image: Uint8Array): Promise<Thumbnail[]> {
  const widest = Math.max(...THUMBNAIL_WIDTHS);
  return withPicture(image, { refusal: corrupt, formats: ['png'] }, async (picture) => {
    const cropped = await picture
      .resize(widest, Math.round(widest * ASPECT), { fit: 'cover', position: 'attention', withoutEnlargement: false })
      .raw()
      .toBuffer({ resolveWithObject: true });
    return Promise.all(
      THUMBNAIL_WIDTHS.map(async (width) => {
        const height = Math.round(width * ASPECT);
        const data = await (await fromPixels(cropped)).resize(width, height).webp({ quality: 78, effort: 4 }).toBuffer();
        return { width, height, data };
      }),
    );
  });
}
