/**
 * A zip reader that trusts nothing: it lists the central directory without inflating anything, so
 * callers can refuse an archive on its names and declared sizes first, then inflates one entry at
 * a time, stopping as soon as the output passes the size the entry declared. Inflating is zlib's,
 * on libuv's thread pool: tens of megabytes never hold up the event loop.
 */
import { promisify } from 'node:util';
import { crc32, inflateRaw } from 'node:zlib';
import { ArchiveError, shownName } from './archiveError';

const inflateRawAsync = promisify(inflateRaw);

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate; anything else we cannot read. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** The uncompressed size the archive declares (and the most we will ever inflate). */
  size: number;
  crc: number;
  localHeaderOffset: number;
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const MAX_END_SEARCH = 22 + 0xffff;
const FLAG_ENCRYPTED = 0x1;
const FLAG_UTF8_NAME = 0x800;

export const MESSAGE_NOT_ZIP = 'The file is not a valid .zip archive.';

const notZip = () => new ArchiveError('not_zip', MESSAGE_NOT_ZIP);

/** The central directory's entries; refuses more than `maxEntries` before reading any of them. */
export function listZipEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(view);
  if (end < 0 || view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0) throw notZip();
  const count = view.getUint16(end + 10, true);
  if (count > maxEntries) {
    throw new ArchiveError('too_many_entries', `The archive holds ${count} files; at most ${maxEntries} are allowed.`, 413);
  }
  let at = view.getUint32(end + 16, true);
  if (at + view.getUint32(end + 12, true) > end) throw notZip();

  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > end || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw notZip();
    const flags = view.getUint16(at + 8, true);
    const nameLength = view.getUint16(at + 28, true);
    const next = at + 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    if (next > end) throw notZip();
    entries.push({
      name: decodeName(bytes.subarray(at + 46, at + 46 + nameLength), (flags & FLAG_UTF8_NAME) !== 0),
      method: view.getUint16(at + 10, true),
      encrypted: (flags & FLAG_ENCRYPTED) !== 0,
      crc: view.getUint32(at + 16, true),
      compressedSize: view.getUint32(at + 20, true),
      size: view.getUint32(at + 24, true),
      localHeaderOffset: view.getUint32(at + 42, true),
    });
    at = next;
  }
  return entries;
}

/**
 * The entry's bytes, never more than its declared size: an entry whose data inflates past it, ends
 * short of it or fails its CRC is refused as damaged. Call only for store/deflate, unencrypted entries.
 */
export async function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Promise<Uint8Array> {
  const damaged = (why: string) => new ArchiveError('corrupt_entry', `The archive entry '${shownName(entry.name)}' is damaged: ${why}.`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_HEADER) throw damaged('its data cannot be found');
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + entry.compressedSize > bytes.length) throw damaged('its data is cut off');
  const packed = bytes.subarray(start, start + entry.compressedSize);

  let out: Uint8Array;
  if (entry.method === 0) {
    if (packed.length !== entry.size) throw damaged('its size does not match its header');
    out = packed.slice();
  } else {
    try {
      // zlib grows the output from what actually inflates and stops one byte past the declared size:
      // a few bytes declaring 25 MB cost a few bytes, and a header that lies is caught while inflating.
      out = await inflateRawAsync(packed, { maxOutputLength: entry.size + 1 });
    } catch (error) {
      if ((error as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE') throw damaged('it holds more data than its header declares');
      throw new ArchiveError('corrupt_entry', `The archive entry '${shownName(entry.name)}' is damaged: its compressed data is broken.`, 400, { cause: error });
    }
    if (out.length > entry.size) throw damaged('it holds more data than its header declares');
    if (out.length !== entry.size) throw damaged('it holds less data than its header declares');
  }
  if (crc32(out) !== entry.crc) throw damaged('its checksum does not match');
  return out;
}

function findEndRecord(view: DataView): number {
  const last = view.byteLength - 22;
  for (let at = last; at >= 0 && at >= last - MAX_END_SEARCH; at -= 1) {
    if (view.getUint32(at, true) === END_OF_DIRECTORY && at + 22 + view.getUint16(at + 20, true) <= view.byteLength) return at;
  }
  return -1;
}

/** Names without the UTF-8 flag are UTF-8 anyway from most tools today; CP437 ones read as Latin-1. */
function decodeName(raw: Uint8Array, flaggedUtf8: boolean): string {
  try {
    return new TextDecoder('utf-8', { fatal: !flaggedUtf8 }).decode(raw);
  } catch {
    return String.fromCharCode(...raw);
  }
}
