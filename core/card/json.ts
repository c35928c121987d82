/**
 * UTF-8 JSON → value, safe for what comes after: bounded nesting, and no key that a later
 * merge or Object.assign could turn into prototype pollution.
 */
import { CardError } from './errors';

/** Keys that mean something to the prototype chain; a card has no business carrying them. */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const decoder = new TextDecoder('utf-8', { fatal: true });

/**
 * Refuses nesting deeper than maxDepth by counting brackets outside strings, before JSON.parse
 * (or anything recursive) sees the text. Exact for valid JSON; for invalid JSON it never counts
 * less than a parser would reach before failing.
 */
export function checkJsonDepth(utf8: Uint8Array, maxDepth: number): void {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < utf8.length; i++) {
    const byte = utf8[i]!;
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) {
      inString = true;
    } else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > maxDepth) throw new CardError('too_deep', `more than ${maxDepth} levels`);
    } else if (byte === 0x7d || byte === 0x5d) {
      depth--;
    }
  }
}

function stripUnsafeKeys(value: unknown): void {
  if (typeof value !== 'object' || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) stripUnsafeKeys(item);
    return;
  }
  const record = value as Record<string, unknown>;
  // JSON.parse makes "__proto__" an own data property; deleting it leaves the real prototype alone.
  for (const key of UNSAFE_KEYS) if (Object.hasOwn(record, key)) delete record[key];
  for (const key of Object.keys(record)) stripUnsafeKeys(record[key]);
}

/** Only a key spelled out in the text, or hidden behind a \u escape, can be unsafe. */
function mayHaveUnsafeKeys(text: string): boolean {
  return text.includes('\\u') || text.includes('__proto__') || text.includes('constructor') || text.includes('prototype');
}

export function parseJson(utf8: Uint8Array, maxDepth: number): unknown {
  checkJsonDepth(utf8, maxDepth);
  let text: string;
  try {
    text = decoder.decode(utf8);
  } catch (error) {
    throw new CardError('bad_utf8', undefined, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CardError('bad_json', undefined, { cause: error });
  }
  if (mayHaveUnsafeKeys(text)) stripUnsafeKeys(value);
  return value;
}
