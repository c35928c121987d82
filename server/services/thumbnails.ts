import { CardError } from '@core/card/index';
import { badRequest } from '../errors';
import { withPicture } from './pictures/index';

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
 * its pool). One after the other, so a card's decode holds one budget, not two.
 */
export function makeThumbnails(image: Uint8Array): Promise<Thumbnail[]> {
  return withPicture(image, { refusal: corrupt, formats: ['png'] }, async (picture) => {
    const thumbnails: Thumbnail[] = [];
    for (const width of THUMBNAIL_WIDTHS) {
      const height = Math.round(width * ASPECT);
      const data = await picture
        .clone()
        .resize(width, height, { fit: 'cover', position: 'attention', withoutEnlargement: false })
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
      thumbnails.push({ width, height, data });
    }
    return thumbnails;
  });
}
