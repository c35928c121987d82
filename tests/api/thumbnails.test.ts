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
      const thumbnails = await makeThumbnails(await png(width, height), 100_000_000);
      expect(thumbnails.map((t) => t.width)).toEqual([...THUMBNAIL_WIDTHS]);
      for (const thumbnail of thumbnails) {
        const meta = await sharp(thumbnail.data).metadata();
        expect(meta.format).toBe('webp');
        expect([meta.width, meta.height]).toEqual([thumbnail.width, thumbnail.height]);
        expect(thumbnail.height / thumbnail.width).toBe(1.5);
      }
    }
  });

  it('refuses an image over the pixel limit instead of decoding it', async () => {
    await expect(makeThumbnails(await png(2000, 2000), 1_000_000)).rejects.toThrow(/pixel limit/i);
  });
});
