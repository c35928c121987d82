import { BlobStoreUnavailableError, STORAGE_UNAVAILABLE } from './blobs/store';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable } from './db/errors';
import type { ErrorBody } from './errors';

/**
 * An outage, not a bug: the same request succeeds once the service answers again. Storage comes
 * first because its errors carry network causes that would look like a database outage too.
 */
export function outageOf(error: unknown): ErrorBody | undefined {
  if (error instanceof BlobStoreUnavailableError) return { ...STORAGE_UNAVAILABLE };
  if (isDatabaseUnavailable(error)) return { ...DATABASE_UNAVAILABLE };
  return undefined;
}
