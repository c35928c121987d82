/**
 * The chat import's view of core/zip's bounded reader: the same listing and inflating, with its
 * refusals as ArchiveErrors (413 when the only problem is the number of entries).
 */
import { listZipEntries as listEntries, readZipEntry as readEntry, ZipError, type ZipEntry } from '@core/zip/index';
import { ArchiveError } from './archiveError';

export { MESSAGE_NOT_ZIP, type ZipEntry } from '@core/zip/index';

function asArchiveError<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (!(error instanceof ZipError)) throw error;
    throw new ArchiveError(error.code, error.message, error.code === 'too_many_entries' ? 413 : 400, { cause: error.cause });
  }
}

/** The central directory's entries; refuses more than `maxEntries` before reading any of them. */
export function listZipEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  return asArchiveError(() => listEntries(bytes, maxEntries));
}

/** The entry's bytes, never more than its declared size (see core/zip). */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  return asArchiveError(() => readEntry(bytes, entry));
}
