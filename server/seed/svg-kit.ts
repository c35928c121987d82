/**
 * Small helpers for building portrait SVG from numbers and checked colours only. Nothing here accepts
 * free text, so no value can close a tag or attribute early.
 */

import { mulberry32 } from '@core/chat/macros/seeded';

const HEX = /^#[0-9a-f]{6}$/i;

/** Throws unless `colour` is `#rrggbb`: the one string type allowed into the SVG. */
export function checkColour(colour: string): string {
  if (!HEX.test(colour)) throw new Error(`Portrait colour must be #rrggbb, got ${JSON.stringify(colour)}`);
  return colour.toLowerCase();
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(checkColour(hex).slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** `a` moved toward `b` by `t` (0..1), as #rrggbb. */
export function mix(a: string, b: string, t: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return `#${ca
    .map((v, i) =>
      Math.round(v + (cb[i]! - v) * t)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

/** Darker (negative) or lighter (positive) version of a colour, by mixing with black or white. */
export const shade = (hex: string, amount: number): string => (amount < 0 ? mix(hex, '#000000', -amount) : mix(hex, '#ffffff', amount));

/** Numbers printed short and finite, so a NaN from a bad calculation fails loudly instead of drawing nothing. */
export function n(value: number): string {
  if (!Number.isFinite(value)) throw new Error('Portrait geometry produced a non-finite number');
  return String(Math.round(value * 10) / 10);
}

/** Deterministic pseudo-random numbers (mulberry32), so a portrait renders identically every time. */
export const random = (seed: number): (() => number) => mulberry32(seed);

/** FNV-1a, to turn a portrait spec into a seed: different characters scatter their patterns differently. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The same shape drawn again mirrored about the portrait's vertical centre line (x = 256). */
export const mirrored = (shape: string): string => `${shape}<g transform="matrix(-1 0 0 1 512 0)">${shape}</g>`;
