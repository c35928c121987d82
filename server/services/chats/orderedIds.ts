import { randomBytes } from 'node:crypto';

const COUNTER_BITS = 26;

/**
 * Ids for rows stored together (an imported chat's messages, a branch's copies): UUIDs of version 7
 * (RFC 9562) made of the time, a counter and 48 random bits shared by the batch, so they sort in
 * the order made. The messages' id index then takes a batch at its right-hand end; random
 * (version 4) ids each landed on a page of their own, and every step of a long import rewrote
 * hundreds of index pages.
 */
export function orderedIds(count: number, now = Date.now()): string[] {
  if (count > 2 ** COUNTER_BITS) throw new RangeError(`at most ${2 ** COUNTER_BITS} ordered ids at once`);
  const time = now.toString(16).padStart(12, '0').slice(-12);
  const random = randomBytes(6).toString('hex');
  return Array.from({ length: count }, (_, i) => {
    const high = (i >>> 14).toString(16).padStart(3, '0');
    const low = (0x8000 | (i & 0x3fff)).toString(16);
    return `${time.slice(0, 8)}-${time.slice(8)}-7${high}-${low}-${random}`;
  });
}
