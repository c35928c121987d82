import type { Readable } from 'node:stream';

/** A blob's bytes: in memory, or a stream read once and not buffered whole. */
export type BlobBody = Uint8Array | Readable;

/**
 * Where card images and thumbnails live: files under DATA_DIR by default, an S3-compatible bucket
 * when one is configured. Keys are made by the server (`cards/<uuid>.png`), never from a user's file
 * name, and every implementation refuses any other shape before touching storage.
 */
export interface BlobStore {
  /** For /api/health and logs. */
  readonly kind: 'files' | 's3';
  /** Stores the blob whole or not at all: a failed write leaves no object under the key. */
  put(key: string, data: BlobBody, contentType: string): Promise<void>;
  /** A stream of the blob, or null when there is none. */
  get(key: string): Promise<Readable | null>;
  /** Removes the blob; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** Resolves when the store can be used now; rejects (BlobStoreUnavailableError for an outage) otherwise. */
  check(): Promise<void>;
  /** Releases connections at shutdown; the store is not used afterwards. */
  close(): Promise<void>;
}

/** A key is one or more lowercase path segments of letters, digits and dashes, ending in a file extension. */
const KEY = /^(?:[a-z0-9-]+\/)*[a-z0-9-]+\.[a-z0-9]+$/;

export class InvalidBlobKeyError extends Error {}

export function checkBlobKey(key: string): string {
  if (!KEY.test(key)) throw new InvalidBlobKeyError(`Refusing blob key '${key}'`);
  return key;
}

/**
 * The store cannot be reached right now (connection refused or timed out, the service answering
 * 5xx or throttling after the SDK's retries): an outage, not a bug, so worth a 503 rather than a 500.
 * `message` names the store for the log; `cause` is the SDK's error.
 */
export class BlobStoreUnavailableError extends Error {
  override name = 'BlobStoreUnavailableError';
}

/** The body of every 503 a blob store outage causes, so the API and /api/health say the same thing. */
export const STORAGE_UNAVAILABLE = {
  error: 'storage_unavailable',
  message: 'Image storage is not reachable right now. Please try again in a moment.',
} as const;
