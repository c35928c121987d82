/**
 * The upload's checks that need no PNG parsing: the declared file (browser File or multipart part)
 * and the "counts as a card" rule for parsed JSON.
 */
import { CardError } from './errors';
import { mayBeCardFile } from './formats';
import { resolveLimits } from './limits';
import type { CardLimits } from './types';

export interface DeclaredFile {
  /** The MIME type the browser or the multipart part declares. */
  type: string;
  /** Bytes. */
  size: number;
  /** The file's name, whose extension counts when the type says nothing (.charx, .yaml often have none). */
  name?: string | undefined;
}

/**
 * Throws CardError 'unsupported_type' or 'too_large', the type checked first as the upload form
 * lists them; the bytes are checked by readCardFile.
 */
export function checkFile(file: DeclaredFile, limits?: Partial<CardLimits>): void {
  if (!mayBeCardFile(file.type, file.name)) throw new CardError('unsupported_type', file.type);
  if (!(file.size <= resolveLimits(limits).maxFileBytes)) throw new CardError('too_large', String(file.size));
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function has(json: Record<string, unknown>, key: string): boolean {
  return Object.hasOwn(json, key) && json[key] !== null && json[key] !== undefined;
}

/**
 * The JSON counts as a card if it has a name, data, the V3 spec marker, or any of name,
 * description, personality, scenario (the original app's rule, kept so every card it took still goes).
 */
export function countsAsCard(json: unknown): json is Record<string, unknown> {
  if (!isPlainObject(json)) return false;
  return (
    json.spec === 'chara_card_v3' ||
    has(json, 'data') ||
    has(json, 'name') ||
    has(json, 'description') ||
    has(json, 'personality') ||
    has(json, 'scenario')
  );
}
