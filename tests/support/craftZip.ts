/**
 * Writes zip archives byte by byte, so tests can make the hostile ones no zip tool would: headers
 * that lie about sizes or checksums, unsafe names, encrypted flags.
 */
import { crc32 } from 'node:zlib';
import { concatBytes } from '@core/card/index';

export interface CraftedEntry {
  /** Text is written as UTF-8 with the UTF-8 flag; bytes as they are, without it. */
  name: string | Uint8Array;
  /** The bytes stored in the archive (already deflated when `method` is 8). */
  data: Uint8Array;
  method?: 0 | 8;
  /** The declared uncompressed size; defaults to data.length. */
  size?: number;
  /** Defaults to the CRC of `data`, which is right for stored entries. */
  crc?: number;
  flags?: number;
}

const UTF8_NAME = 0x800;

export function craftZip(entries: CraftedEntry[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const directory: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = typeof entry.name === 'string' ? new TextEncoder().encode(entry.name) : entry.name;
    const fields = {
      flags: entry.flags ?? (typeof entry.name === 'string' ? UTF8_NAME : 0),
      method: entry.method ?? 0,
      crc: entry.crc ?? crc32(entry.data),
      packed: entry.data.length,
      size: entry.size ?? entry.data.length,
    };
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, fields.flags, true);
    local.setUint16(8, fields.method, true);
    local.setUint32(14, fields.crc, true);
    local.setUint32(18, fields.packed, true);
    local.setUint32(22, fields.size, true);
    local.setUint16(26, name.length, true);
    parts.push(new Uint8Array(local.buffer), name, entry.data);

    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint16(8, fields.flags, true);
    central.setUint16(10, fields.method, true);
    central.setUint32(16, fields.crc, true);
    central.setUint32(20, fields.packed, true);
    central.setUint32(24, fields.size, true);
    central.setUint16(28, name.length, true);
    central.setUint32(42, offset, true);
    directory.push(new Uint8Array(central.buffer), name);
    offset += 30 + name.length + entry.data.length;
  }
  const directorySize = directory.reduce((sum, part) => sum + part.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, entries.length, true);
  end.setUint16(10, entries.length, true);
  end.setUint32(12, directorySize, true);
  end.setUint32(16, offset, true);
  return concatBytes([...parts, ...directory, new Uint8Array(end.buffer)]);
}
