/**
 * The card's picture, made in the browser: a PNG, JPEG or WebP decoded by the browser, cut to the
 * card's 2:3 frame and written as a PNG (the codec writes the card into PNGs only). The crop is a
 * centre and a zoom, so it reads the same whatever size the picture is shown at.
 */
import { MAX_PIXELS, MAX_SIDE } from '@core/card/index';
import { MAX_EDIT_IMAGE_BYTES } from '@core/contract/constants';
import type { PictureCrop } from '../../../db/drafts';

/** Width ÷ height of a card. */
export const CARD_ASPECT = 2 / 3;
/** The widest picture written: sharp on a dense phone screen, a few hundred KB to a couple of MB as PNG. */
export const MAX_PICTURE_WIDTH = 1024;
/** The largest file the picker takes (the codec's own file cap). */
export const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
export const MAX_ZOOM = 4;

export const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MESSAGE_PICTURE_TYPE = 'Choose a PNG, JPEG or WebP picture.';
export const MESSAGE_PICTURE_SIZE = 'Choose a picture under 20 MB.';
export const MESSAGE_PICTURE_UNREADABLE = "This picture couldn't be read. Choose another PNG, JPEG or WebP.";
export const MESSAGE_PICTURE_HUGE = 'This picture is too large (at most 20,000 pixels a side and 100 megapixels).';
export const MESSAGE_PICTURE_OUTPUT = 'This picture is too detailed to store as a PNG under 10 MB. Zoom in or choose a simpler picture.';

export class PictureError extends Error {}

export const DEFAULT_CROP: PictureCrop = { centerX: 0.5, centerY: 0.5, zoom: 1 };

/** Refuses what the picker must not take before decoding a byte of it. */
export function checkPictureFile(file: Blob): void {
  if (!(PICTURE_TYPES as readonly string[]).includes(file.type)) throw new PictureError(MESSAGE_PICTURE_TYPE);
  if (file.size > MAX_SOURCE_BYTES) throw new PictureError(MESSAGE_PICTURE_SIZE);
}

export async function decodePicture(source: Blob): Promise<ImageBitmap> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(source);
  } catch {
    throw new PictureError(MESSAGE_PICTURE_UNREADABLE);
  }
  if (bitmap.width > MAX_SIDE || bitmap.height > MAX_SIDE || bitmap.width * bitmap.height > MAX_PIXELS) {
    bitmap.close();
    throw new PictureError(MESSAGE_PICTURE_HUGE);
  }
  return bitmap;
}

export interface CropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The source rectangle a crop takes: the largest 2:3 frame that fits (zoom 1), made smaller by the
 * zoom, centred where the crop says but never past the picture's edges.
 */
export function cropRect(size: { width: number; height: number }, crop: PictureCrop): CropRect {
  const fitWidth = Math.min(size.width, size.height * CARD_ASPECT);
  const zoom = Math.min(MAX_ZOOM, Math.max(1, crop.zoom));
  const width = fitWidth / zoom;
  const height = width / CARD_ASPECT;
  const x = Math.min(size.width - width, Math.max(0, crop.centerX * size.width - width / 2));
  const y = Math.min(size.height - height, Math.max(0, crop.centerY * size.height - height / 2));
  return { x, y, width, height };
}

/** The crop with its centre moved back inside what the picture allows. */
export function clampCrop(size: { width: number; height: number }, crop: PictureCrop): PictureCrop {
  const rect = cropRect(size, crop);
  return {
    centerX: (rect.x + rect.width / 2) / size.width,
    centerY: (rect.y + rect.height / 2) / size.height,
    zoom: Math.min(MAX_ZOOM, Math.max(1, crop.zoom)),
  };
}

/** The cropped picture as a PNG, at most MAX_PICTURE_WIDTH wide and never enlarged. */
export async function cropToPng(bitmap: ImageBitmap, crop: PictureCrop): Promise<Blob> {
  const rect = cropRect(bitmap, crop);
  const width = Math.max(1, Math.round(Math.min(MAX_PICTURE_WIDTH, rect.width)));
  const height = Math.round(width / CARD_ASPECT);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new PictureError(MESSAGE_PICTURE_UNREADABLE);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, rect.x, rect.y, rect.width, rect.height, 0, 0, width, height);
  const png = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!png) throw new PictureError(MESSAGE_PICTURE_UNREADABLE);
  if (png.size > MAX_EDIT_IMAGE_BYTES) throw new PictureError(MESSAGE_PICTURE_OUTPUT);
  return png;
}

/** cardchat's default portrait (2:3), which the service worker keeps for offline use. */
export const DEFAULT_PORTRAIT_URL = '/default-avatar.png';

export async function defaultPortrait(): Promise<Uint8Array> {
  const response = await fetch(DEFAULT_PORTRAIT_URL);
  if (!response.ok) throw new PictureError("cardchat's default portrait couldn't be loaded. Choose a picture instead.");
  return new Uint8Array(await response.arrayBuffer());
}
