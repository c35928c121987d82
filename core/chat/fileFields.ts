/** Reading fields of untrusted chat files (parsed JSON) and wording what is wrong with them. */
import { boundedText, MAX_NAME_CHARS } from '../card/summary';

/** Reads only the object's own fields, so nothing inherited (or polluted) can pose as file data. */
export function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isText(value: unknown): value is string {
  return typeof value === 'string';
}

/** A name from the file, bounded: it is repeated on every message and shown in lists. */
export function nameOf(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? boundedText(value, MAX_NAME_CHARS) : undefined;
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function megabytes(chars: number): string {
  return String(Math.round((chars / (1024 * 1024)) * 10) / 10);
}
