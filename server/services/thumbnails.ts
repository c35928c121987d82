import { loadSharp } from './sharp';

/** Portrait cards are 2:3; thumbnails are cropped to that shape so the gallery grid stays even. */
const ASPECT = 3 / 2;

/** Widths for the gallery's srcset: one for phones and narrow columns, one for dense screens. */
export const THUMBNAIL_WIDTHS = [240, 480] as const;

export interface Thumbnail {
  width: number;
  height: number;
  data: Buffer;
}

/**
 * WebP thumbnails of a card image, centre-cropped to 2:3. The pixel limit matches the codec's, so a
 * decompression bomb that slipped past it still stops here rather than exhausting memory.
 */
export async function makeThumbnails(image: Uint8Array, maxPixels: number): Promise<Thumbnail[]> {
  const sharp = await loadSharp();
  const source = sharp(image, { limitInputPixels: maxPixels, failOn: 'error' });
  return Promise.all(
    THUMBNAIL_WIDTHS.map(async (width) => {
      const height = Math.round(width * ASPECT);
      const data = await source
        .clone()
        .resize(width, height, { fit: 'cover', position: 'attention', withoutEnlargement: false })
        .webp({ quality: 78, effort: 4 })
        .toBuffer();
      return { width, height, data };
    }),
  );
}
