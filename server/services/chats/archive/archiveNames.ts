/** File names going into and coming out of chat archives. */
import { safeFileName } from '../../../../core/fileName';

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

/** A file name base for an archive entry, from free text such as a character's name; 'chat' when nothing usable is left. */
export const safeArchiveName = (base: string): string => safeFileName(base, 'chat');

/**
 * Whether an entry name read from an archive is safe to trust as a relative path: not absolute, no
 * `..` segment, no backslash (a separator on Windows), no drive letter, no control character, and no
 * `__proto__` segment (any code keying an object by entry name would set a prototype with it).
 */
export function isSafeEntryName(name: string): boolean {
  if (name === '' || name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name)) return false;
  if (CONTROL_CHARS.test(name)) return false;
  return !name.split('/').some((segment) => segment === '..' || segment === '__proto__');
}

/** The key two names collide on when unpacked: case-insensitive file systems make them one file. */
export function entryNameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/** "Aqua.jsonl" taken → "Aqua (2).jsonl"; compared case-insensitively, as many file systems do. */
export function uniqueEntryName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${extension}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}
