/**
 * What a picture will cost to decode, known from its header before a pixel is read: its format, size
 * and frames, and the memory libvips holds at once while decoding it.
 *
 * Formats that libvips reads a row at a time (PNG without interlacing, baseline JPEG) hold a few rows
 * whatever the height; the others hold the whole frame: a GIF (the frame as RGBA, and a copy), a
 * WebP (RGBA, and the converted copy), an interlaced PNG, a progressive JPEG (its coefficients).
 * The figures are measured on sharp 0.34 with one thread a picture: a 4000×4000 GIF of 11 KB holds
 * about 92 MB while it is scaled down, the same picture as a PNG about 21 MB, as a baseline JPEG 3 MB.
 */
import type { Metadata } from 'sharp';

export type PictureFormat = 'png' | 'jpeg' | 'gif' | 'webp' | 'svg';

export interface PictureHeader {
  format: PictureFormat;
  width: number;
  height: number;
  /** Frames of an animation (1 for a still). */
  frames: number;
  /** Whether libvips must hold the whole frame (interlaced, progressive or a format without row access). */
  wholeFrame: boolean;
}

const MB = 1024 * 1024;

/** Bytes held per pixel while a whole frame is decoded, by format. */
const WHOLE_FRAME_BYTES_PER_PIXEL: Record<PictureFormat, number> = {
  gif: 6,
  webp: 8,
  png: 4,
  jpeg: 3,
  svg: 4,
};

/** A row-at-a-time decode: libvips' buffers and a few rows of the widest side. */
const STREAMING_BASE_BYTES = 16 * MB;
const STREAMING_BYTES_PER_COLUMN = 3 * 1024;

const FORMATS: ReadonlySet<string> = new Set<PictureFormat>(['png', 'jpeg', 'gif', 'webp', 'svg']);

/** The header sharp read, as a picture cardchat knows; undefined for any other format or size. */
export function headerOf(metadata: Metadata): PictureHeader | undefined {
  const { format, width, height } = metadata;
  if (!format || !FORMATS.has(format) || !width || !height) return undefined;
  const pictureFormat = format as PictureFormat;
  const frames = metadata.pages ?? 1;
  // A multi-page file reports the height of all its pages; one frame is what is decoded.
  const frameHeight = metadata.pageHeight ?? height;
  const streams = (pictureFormat === 'png' || pictureFormat === 'jpeg') && !metadata.isProgressive;
  return { format: pictureFormat, width, height: frameHeight, frames, wholeFrame: !streams };
}

/** The memory one decode of this picture holds at once, bytes. */
export function decodeCost(header: PictureHeader): number {
  if (!header.wholeFrame) return STREAMING_BASE_BYTES + header.width * STREAMING_BYTES_PER_COLUMN;
  return header.width * header.height * WHOLE_FRAME_BYTES_PER_PIXEL[header.format];
}

/** The most pixels a whole-frame picture of this format may have within `budget` bytes. */
export function maxPixelsWithin(format: PictureFormat, budget: number): number {
  return Math.floor(budget / WHOLE_FRAME_BYTES_PER_PIXEL[format]);
}
