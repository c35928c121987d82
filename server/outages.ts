import { BlobStoreUnavailableError, STORAGE_UNAVAILABLE } from './blobs/store';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db/errors';
import type { ErrorBody } from './errors';
import { isStorageFull, STORAGE_FULL } from './storageFull';

/**
 * An outage, not a bug: the same request succeeds once the service answers again. A full disk comes
 * first (SQLite reports it among its "unavailable" codes); then blob storage, because its errors
 * carry network causes that would look like a database outage too.
 */
export function outageOf(error: unknown): ErrorBody | undefined {
  if (isStorageFull(error)) return { ...STORAGE_FULL };
  if (error instanceof BlobStoreUnavailableError) return { ...STORAGE_UNAVAILABLE };
  if (isDatabaseUnavailable(error)) return { ...DATABASE_UNAVAILABLE };
  return undefined;
}
