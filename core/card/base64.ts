/**
 * Base64 over bytes, reading what SillyTavern reads: canonical RFC 4648 §4 on the fast path, and,
 * when that fails, the same text with whitespace and line wraps removed, URL-safe letters (-_) taken
 * as +/, and missing padding restored. Anything else (another character, padding in the middle,
 * a length no encoder makes, non-zero trailing bits) still means the text is not what its writer
 * meant, and is refused. Both passes are linear in the input, whose size the caller has capped.
 */
import { CardError } from './errors';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const PAD = 0x3d;

const ENCODE = Uint8Array.from(ALPHABET, (ch) => ch.charCodeAt(0));
/** -1 for every byte outside the alphabet ('=' included), so OR-ing four lookups flags any bad one. */
const DECODE = (() => {
  const table = new Int16Array(256).fill(-1);
  for (let i = 0; i < ENCODE.length; i++) table[ENCODE[i]!] = i;
  return table;
})();

function bad(detail: string): never {
  throw new CardError('bad_base64', detail);
}

const MINUS = 0x2d;
const UNDERSCORE = 0x5f;
const PLUS = 0x2b;
const SLASH = 0x2f;

/** Space, tab, line feed, form feed, carriage return: what line-wrapping encoders and editors add. */
function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09 || byte === 0x0c;
}

/**
 * The text rewritten canonically: whitespace dropped, URL-safe letters mapped, padding restored.
 * Padding may only end the text; the decoder refuses every other stray byte.
 */
function canonical(src: Uint8Array): Uint8Array {
  const out = new Uint8Array(src.length + 3);
  let o = 0;
  let padded = 0;
  for (let i = 0; i < src.length; i++) {
    const byte = src[i]!;
    if (isWhitespace(byte)) continue;
    if (byte === PAD) {
      padded++;
      continue;
    }
    if (padded) bad('padding');
    out[o++] = byte === MINUS ? PLUS : byte === UNDERSCORE ? SLASH : byte;
  }
  const rest = o % 4;
  if (rest === 1 || padded > 2 || (padded && padded !== 4 - rest)) bad('length');
  if (rest) out.fill(PAD, o, o + 4 - rest);
  return out.subarray(0, rest ? o + 4 - rest : o);
}

export function decodeBase64(src: Uint8Array): Uint8Array {
  try {
    return decodeCanonical(src);
  } catch (error) {
    if (!(error instanceof CardError) || (error.detail !== 'length' && error.detail !== 'character')) throw error;
    return decodeCanonical(canonical(src));
  }
}

function decodeCanonical(src: Uint8Array): Uint8Array {
  const length = src.length;
  if (length % 4 !== 0) bad('length');
  const padding = length === 0 || src[length - 1] !== PAD ? 0 : src[length - 2] === PAD ? 2 : 1;
  const out = new Uint8Array((length / 4) * 3 - padding);
  const fullEnd = padding ? length - 4 : length;
  let o = 0;
  for (let i = 0; i < fullEnd; i += 4) {
    const a = DECODE[src[i]!]!;
    const b = DECODE[src[i + 1]!]!;
    const c = DECODE[src[i + 2]!]!;
    const d = DECODE[src[i + 3]!]!;
    if ((a | b | c | d) < 0) bad('character');
    const n = (a << 18) | (b << 12) | (c << 6) | d;
    out[o++] = n >>> 16;
    out[o++] = (n >>> 8) & 0xff;
    out[o++] = n & 0xff;
  }
  if (padding) {
    const a = DECODE[src[fullEnd]!]!;
    const b = DECODE[src[fullEnd + 1]!]!;
    const c = padding === 1 ? DECODE[src[fullEnd + 2]!]! : 0;
    if ((a | b | c) < 0) bad('character');
    // Canonical encoders leave the bits after the last byte zero; anything else is a different text.
    if (padding === 2 ? (b & 0x0f) !== 0 : (c & 0x03) !== 0) bad('trailing_bits');
    out[o++] = (a << 2) | (b >>> 4);
    if (padding === 1) out[o++] = ((b & 0x0f) << 4) | (c >>> 2);
  }
  return out;
}

/** Base64 as ASCII bytes, ready to go into a tEXt chunk without a string round trip. */
export function encodeBase64(src: Uint8Array): Uint8Array {
  const length = src.length;
  const out = new Uint8Array(Math.ceil(length / 3) * 4);
  const fullEnd = length - (length % 3);
  let o = 0;
  for (let i = 0; i < fullEnd; i += 3) {
    const n = (src[i]! << 16) | (src[i + 1]! << 8) | src[i + 2]!;
    out[o++] = ENCODE[n >>> 18]!;
    out[o++] = ENCODE[(n >>> 12) & 0x3f]!;
    out[o++] = ENCODE[(n >>> 6) & 0x3f]!;
    out[o++] = ENCODE[n & 0x3f]!;
  }
  const rest = length - fullEnd;
  if (rest) {
    const n = (src[fullEnd]! << 16) | (rest === 2 ? src[fullEnd + 1]! << 8 : 0);
    out[o++] = ENCODE[n >>> 18]!;
    out[o++] = ENCODE[(n >>> 12) & 0x3f]!;
    out[o++] = rest === 2 ? ENCODE[(n >>> 6) & 0x3f]! : PAD;
    out[o++] = PAD;
  }
  return out;
}
