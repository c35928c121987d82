/** An upload's multipart body: its limits, and the card file and fields read from it. */
import type { Multipart } from '@fastify/multipart';
import { DEFAULT_CARD_LIMITS } from '@core/card/index';
import { AppError, badRequest } from '../errors';

/** The multipart limits: one file a little over the cap (so "too large" is detectable), a few small fields. */
export const UPLOAD_LIMITS = {
  fileSize: DEFAULT_CARD_LIMITS.maxFileBytes + 1,
  files: 1,
  fields: 5,
  parts: 6,
  fieldSize: 1024,
  headerPairs: 100,
} as const;

/** Room in a multipart body beside its file: the boundaries, part headers and a few small fields. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/**
 * Refuses a body whose declared length is over `limit` before a byte of it is read: multipart bodies
 * are streamed past Fastify's bodyLimit, and nothing in a body that large could be accepted anyway.
 * A body without a Content-Length (chunked) is stopped by the multipart file limit instead.
 */
export function refuseDeclaredLength(contentLength: string | undefined, limit: number, message: string): void {
  if (Number(contentLength) > limit) throw new AppError(413, 'payload_too_large', message);
}

export const MESSAGE_NO_FILE = "No file received: send the card as multipart/form-data in the field 'image'";

export const MESSAGE_ONE_FILE = "Send one card file in the field 'image' with at most a few small fields";
export const MESSAGE_BAD_MULTIPART = 'The upload was cut off or is not valid multipart/form-data';

export interface UploadForm {
  /** The part's declared file name (untrusted; only sanitised for display). */
  filename: string;
  mimetype: string;
  bytes: Uint8Array;
  /** The stream hit the size cap: the bytes are incomplete. */
  truncated: boolean;
  publicRelease: boolean;
  /** An administrator's public release: its content rating ('nsfw' when the form says so). */
  contentRating?: 'sfw' | 'nsfw';
  /** The user's own card this upload replaces: its slot is free for the new one. */
  replacing?: string | undefined;
}

/**
 * Reads the multipart form: the file of field `image` into memory (the card's validation needs all
 * of it; the multipart limit stops it at 20 MB + 1 byte), the `public_release` field and its `content_rating`.
 */
export async function readUploadForm(parts: AsyncIterableIterator<Multipart>): Promise<UploadForm> {
  try {
    return await readParts(parts);
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Everything else here is the body's fault: busboy's parse errors and @fastify/multipart's limits.
    if ((error as { statusCode?: unknown }).statusCode === 413) throw new AppError(413, 'payload_too_large', MESSAGE_ONE_FILE);
    throw badRequest('invalid_upload', MESSAGE_BAD_MULTIPART);
  }
}

async function readParts(parts: AsyncIterableIterator<Multipart>): Promise<UploadForm> {
  let form: Omit<UploadForm, 'publicRelease' | 'contentRating'> | undefined;
  let publicRelease = false;
  let contentRating: 'sfw' | 'nsfw' = 'sfw';
  for await (const part of parts) {
    if (part.type === 'file') {
      if (part.fieldname !== 'image' || form) {
        part.file.resume();
        throw badRequest('invalid_upload', MESSAGE_NO_FILE);
      }
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      form = {
        filename: part.filename,
        mimetype: part.mimetype,
        bytes: new Uint8Array(Buffer.concat(chunks)),
        truncated: part.file.truncated,
      };
    } else if (part.fieldname === 'public_release') {
      publicRelease = String(part.value).trim().toLowerCase() === 'true';
    } else if (part.fieldname === 'content_rating') {
      contentRating = String(part.value).trim().toLowerCase() === 'nsfw' ? 'nsfw' : 'sfw';
    }
  }
  if (!form) throw badRequest('invalid_upload', MESSAGE_NO_FILE);
  return { ...form, publicRelease, contentRating };
}
