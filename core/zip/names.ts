/** Entry names read from an archive: which ones are safe to trust as relative paths. */

const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;

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
