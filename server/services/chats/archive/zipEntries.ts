/**
 * The chat import's view of core/zip's bounded reader: the same listing and checks, with its
 * refusals as ArchiveErrors (413 when the only problem is the number of entries). Entries inflate
 * on zlib's thread pool, never on the thread that runs the import, and stop at their declared size.
 */
import { promisify } from 'node:util';
import { DAMAGE, damagedEntry, listZipEntries as listEntries, packedEntry, type ZipEntry, ZipError } from '@core/zip/index';
import zlib from 'node:zlib';
import { ArchiveError } from './archiveError';

export { MESSAGE_NOT_ZIP, type ZipEntry } from '@core/zip/index';

const inflateRaw = promisify(zlib.inflateRaw);

function asArchiveError(error: unknown): unknown {
  if (!(error instanceof ZipError)) return error;
  return new ArchiveError(error.code, error.message, error.code === 'too_many_entries' ? 413 : 400, { cause: error.cause });
}

/** The central directory's entries; refuses more than `maxEntries` before reading any of them. */
export function listZipEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  try {
    return listEntries(bytes, maxEntries);
  } catch (error) {
    throw asArchiveError(error);
  }
}

/** The entry's bytes, never more than its declared size; refused as damaged when it inflates past or short of it, or fails its CRC. */
export async function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  try {
    const packed = packedEntry(bytes, entry);
    let out: Buffer;
    if (entry.method === 0) {
      if (packed.length !== entry.size) throw damagedEntry(entry, DAMAGE.size);
      out = Buffer.from(packed);
    } else {
      try {
        // zlib stops and fails as soon as the output would pass the declared size.
        out = await inflateRaw(packed, { maxOutputLength: Math.max(1, entry.size) });
      } catch (error) {
        const tooMuch = (error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE';
        throw damagedEntry(entry, tooMuch ? DAMAGE.tooMuch : DAMAGE.broken, error);
      }
      if (out.length !== entry.size) throw damagedEntry(entry, DAMAGE.tooLittle);
    }
    if (zlib.crc32(out) >>> 0 !== entry.crc >>> 0) throw damagedEntry(entry, DAMAGE.checksum);
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch (error) {
    throw asArchiveError(error);
  }
}
