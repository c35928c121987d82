/**
 * A zip reader that trusts nothing, for both sides (chat archives on the server, .charx cards in the
 * browser and on the server): it lists the central directory without inflating anything, so callers
 * can refuse an archive on its names and declared sizes first, then inflates one entry at a time in
 * small steps, stopping as soon as the output passes the size the entry declared.
 */
import { Inflate } from 'fflate';
import { crc32 } from '../card/png';

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflate; anything else we cannot read. */
  method: number;
  encrypted: boolean;
  compressedSize: number;
  /** The uncompressed size the archive declares (and the most we will ever inflate). */
  size: number;
  crc: number;
  /** Where the entry's local header starts in the bytes given (any prefix already added). */
  localHeaderOffset: number;
}

export type ZipErrorCode = 'not_zip' | 'too_many_entries' | 'corrupt_entry';

/** `message` is a sentence for the person whose file it is; callers may put it in their own words. */
export class ZipError extends Error {
  override readonly name = 'ZipError';
  readonly code: ZipErrorCode;

  constructor(code: ZipErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;
/** The end record is 22 bytes plus a comment of at most 65,535. */
const MAX_END_SEARCH = 22 + 0xffff;
/** Deflate expands at most ~1032:1, so one step of input makes at most ~8 MB of output. */
const INFLATE_STEP = 8 * 1024;
const FLAG_ENCRYPTED = 0x1;
const FLAG_UTF8_NAME = 0x800;

export const MESSAGE_NOT_ZIP = 'The file is not a valid .zip archive.';

const notZip = () => new ZipError('not_zip', MESSAGE_NOT_ZIP);

/** An entry name as it can be shown in a message: control characters made visible, length bounded. */
export function shownName(name: string): string {
  const visible = name.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');
  const points = Array.from(visible);
  return points.length > 120 ? `${points.slice(0, 120).join('')}…` : visible;
}

/** Whether the bytes end like a zip (an end-of-directory record within the last 64 KiB). */
export function hasZipEnd(bytes: Uint8Array): boolean {
  return findEndRecord(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)) >= 0;
}

/**
 * The central directory's entries; refuses more than `maxEntries` before reading any of them.
 * A zip appended to other bytes (RisuAI's JPEG with a .charx behind it) is read too: its offsets are
 * moved by however many bytes stand before the directory it declares.
 */
export function listZipEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = findEndRecord(view);
  if (end < 0 || view.getUint16(end + 4, true) !== 0 || view.getUint16(end + 6, true) !== 0) throw notZip();
  const count = view.getUint16(end + 10, true);
  if (count > maxEntries) {
    throw new ZipError('too_many_entries', `The archive holds ${count} files; at most ${maxEntries} are allowed.`);
  }
  const directorySize = view.getUint32(end + 12, true);
  const declared = view.getUint32(end + 16, true);
  if (directorySize > end) throw notZip();
  const prefix = end - directorySize - declared;
  if (prefix < 0) throw notZip();
  let at = declared + prefix;

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
      localHeaderOffset: view.getUint32(at + 42, true) + prefix,
    });
    at = next;
  }
  return entries;
}

/** The refusal of a damaged entry, `why` saying what is wrong with it. */
export function damagedEntry(entry: ZipEntry, why: string, cause?: unknown): ZipError {
  return new ZipError('corrupt_entry', `The archive entry '${shownName(entry.name)}' is damaged: ${why}.`, { cause });
}

export const DAMAGE = {
  tooMuch: 'it holds more data than its header declares',
  tooLittle: 'it holds less data than its header declares',
  broken: 'its compressed data is broken',
  checksum: 'its checksum does not match',
  size: 'its size does not match its header',
} as const;

/**
 * The entry's data as stored (deflated, or as it is), found through its local header: what a reader
 * inflates. Refuses an entry whose data lies outside the archive.
 */
export function packedEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const local = entry.localHeaderOffset;
  if (local + 30 > bytes.length || view.getUint32(local, true) !== LOCAL_HEADER) throw damagedEntry(entry, 'its data cannot be found');
  const start = local + 30 + view.getUint16(local + 26, true) + view.getUint16(local + 28, true);
  if (start + entry.compressedSize > bytes.length) throw damagedEntry(entry, 'its data is cut off');
  return bytes.subarray(start, start + entry.compressedSize);
}

/**
 * The entry's bytes, never more than its declared size: an entry whose data inflates past it, ends
 * short of it or fails its CRC is refused as damaged. Call only for store/deflate, unencrypted entries.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry): Uint8Array {
  const packed = packedEntry(bytes, entry);
  // Grown from what actually inflates, not allocated from the header: a few bytes declaring 25 MB
  // cost a few bytes.
  let out: Uint8Array;
  if (entry.method === 0) {
    if (packed.length !== entry.size) throw damagedEntry(entry, DAMAGE.size);
    out = packed.slice();
  } else {
    const parts: Uint8Array[] = [];
    let filled = 0;
    let overflow = false;
    const inflate = new Inflate((chunk) => {
      if (overflow || filled + chunk.length > entry.size) overflow = true;
      else {
        parts.push(chunk);
        filled += chunk.length;
      }
    });
    try {
      for (let at = 0; at < packed.length && !overflow; at += INFLATE_STEP) {
        inflate.push(packed.subarray(at, at + INFLATE_STEP), at + INFLATE_STEP >= packed.length);
      }
      if (packed.length === 0) inflate.push(packed, true);
    } catch (error) {
      throw damagedEntry(entry, DAMAGE.broken, error);
    }
    if (overflow) throw damagedEntry(entry, DAMAGE.tooMuch);
    if (filled !== entry.size) throw damagedEntry(entry, DAMAGE.tooLittle);
    out = new Uint8Array(filled);
    let at = 0;
    for (const part of parts) {
      out.set(part, at);
      at += part.length;
    }
  }
  if (crc32(out) !== entry.crc) throw damagedEntry(entry, DAMAGE.checksum);
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
