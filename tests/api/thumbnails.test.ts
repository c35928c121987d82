import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeThumbnails, THUMBNAIL_WIDTHS } from '../../server/services/thumbnails';

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 120, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();

describe('card thumbnails', () => {
  it('makes 2:3 WebP thumbnails at every srcset width, whatever the source shape', async () => {
    for (const [width, height] of [
      [400, 600],
      [1024, 512],
      [90, 200],
    ] as const) {
      const thumbnails = await makeThumbnails(await png(width, height));
      expect(thumbnails.map((t) => t.width)).toEqual([...THUMBNAIL_WIDTHS]);
      for (const thumbnail of thumbnails) {
        const meta = await sharp(thumbnail.data).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([thumbnail.width, thumbnail.height]);
        expect(thumbnail.height / thumbnail.width).toBe(1.5);
      }
    }
  });

  it('refuses a picture whose decode would pass its memory budget, from the header, and takes the same pixels read a row at a time', async () => {
    const plain = await png(5000, 5000);
    const interlaced = await sharp(plain).png({ progressive: true }).toBuffer();
    // An interlaced PNG is decoded whole: 25 megapixels hold about 100 MB, past the 64 MB budget.
    await expect(makeThumbnails(interlaced)).rejects.toMatchObject({ statusCode: 400, code: 'picture_too_large' });
    expect((await makeThumbnails(plain)).map((t) => t.width)).toEqual([...THUMBNAIL_WIDTHS]);
  });
});
