/**
 * Deterministic randomness for macros and lorebook rolls: a string hash and a small seeded
 * generator, the same in the browser and on the server, so a `{{pick}}` (or a greeting's
 * `{{random}}`) reads the same wherever it is filled.
 */

/** cyrb53: a fast 53-bit string hash with good spread; not for security. */
export function hashString(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** A generator of numbers in [0, 1) from a seed string (mulberry32 over the seed's hash). */
export function seededRandom(seed: string): () => number {
  return mulberry32(hashString(seed));
}

/** mulberry32: a small, fast generator of numbers in [0, 1), the same sequence for the same seed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An index in [0, length) drawn from `random`; a broken generator (NaN, 1, negative) still gives a valid index. */
export function randomIndex(random: () => number, length: number): number {
  const value = random();
  const index = Math.floor((Number.isFinite(value) ? value : 0) * length);
  return Math.min(length - 1, Math.max(0, index));
}
