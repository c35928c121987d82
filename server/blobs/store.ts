import type { Readable } from 'node:stream';

/**
 * Where card images and thumbnails live: files under DATA_DIR by default, an S3-compatible bucket
 * when one is configured. Keys are made by the server (`cards/<uuid>.png`), never from a user's file
 * name, and every implementation refuses any other shape.
 */
export interface BlobStore {
  put(key: string, data: Uint8Array, contentType: string): Promise<void>;
  /** A stream of the blob, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** A key is one or more lowercase path segments of letters, digits and dashes, ending in a file extension. */
const KEY = /^(?:[a-z0-9-]+\/)*[a-z0-9-]+\.[a-z0-9]+$/;

export class InvalidBlobKeyError extends Error {}

export function checkBlobKey(key: string): string {
  if (!KEY.test(key)) throw new InvalidBlobKeyError(`Refusing blob key '${key}'`);
  return key;
}
