/**
 * Card PNGs of a chosen size, like the big portraits people share: photo-like pixels (a gradient
 * with fine noise, which deflate shrinks about as much as a photo) and a card with a long
 * description, written by the project's codec. Real-sized, so reading and thumbnailing are too.
 */
import { makePng, writeCard } from '@core/card/index';
import { testCard } from '../../tests/support/cards';

function photoLikePixels(width: number, height: number, seed: number): Uint8Array {
  const rgba = new Uint8Array(width * height * 4);
  let state = seed >>> 0 || 1;
  for (let y = 0, i = 0; y < height; y++) {
    for (let x = 0; x < width; x++, i += 4) {
      // xorshift32: fast, and seeded so every card's bytes differ.
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      const noise = state & 0x0f;
      rgba[i] = ((x * 255) / width + noise) & 0xff;
      rgba[i + 1] = ((y * 255) / height + (noise >> 1)) & 0xff;
      rgba[i + 2] = (((x + y) * 127) / (width + height) + ((state >>> 8) & 0x0f)) & 0xff;
      rgba[i + 3] = 255;
    }
  }
  return rgba;
}

const card = (seed: number) =>
  testCard({
    name: `Bench ${seed}`,
    description: 'A character measured for speed. '.repeat(120),
    first_mes: 'Hello, {{user}}.',
    tags: ['bench', 'portrait'],
  });

function cardPng(side: number, seed: number): Uint8Array {
  return writeCard(makePng({ width: side, height: side, rgba: photoLikePixels(side, side, seed) }), card(seed));
}

/** A square card PNG of about `bytes` bytes (within a few per cent), never above it. */
export function cardOfSize(bytes: number, seed = 1): Uint8Array {
  // Sizes the picture from a small sample of the same pixels, then corrects from the real size.
  const sample = cardPng(256, seed);
  let side = Math.floor(Math.sqrt(bytes / (sample.length / (256 * 256))));
  let best: Uint8Array | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const png = cardPng(side, seed);
    if (png.length <= bytes && (!best || png.length > best.length)) best = png;
    if (best && best.length >= bytes * 0.97) break;
    side = Math.floor(side * Math.sqrt(bytes / png.length) * 0.995);
  }
  if (!best) throw new Error(`could not make a card of at most ${bytes} bytes`);
  return best;
}
