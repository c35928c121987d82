/** File names going into and coming out of chat archives. */
export { entryNameKey, isSafeEntryName } from '../../../../core/zip/index';

/** Characters that reorder text and can make "evil.png‮lnosj.exe" look harmless. */
const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/;
/** Path separators and the characters Windows refuses in file names. */
const RESERVED_CHARS = /[\\/<>:"|?*]/g;
/** Names Windows reserves whatever the extension ("CON.jsonl" cannot be created). */
const RESERVED_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const MAX_BASE_LENGTH = 80;

/**
 * A file name base (without extension) made from free text such as a character's name, safe on every
 * system an exported archive may be unpacked on. Never empty: 'chat' when nothing usable is left.
 */
export function safeArchiveName(base: string): string {
  const tidy = (text: string) =>
    text
      .replace(new RegExp(CONTROL_CHARS.source, 'g'), '')
      .replace(BIDI_CONTROLS, '')
      .replace(RESERVED_CHARS, ' ')
      .replace(/\s+/g, ' ')
      // Leading dots hide files (and make '..'); Windows drops trailing dots and spaces.
      .replace(/^[.\s]+|[.\s]+$/g, '');
  // Cut by code points so an emoji is never split into half a surrogate pair.
  const name = tidy(Array.from(tidy(base.normalize('NFC'))).slice(0, MAX_BASE_LENGTH).join(''));
  if (name === '') return 'chat';
  return RESERVED_NAMES.test(name) ? `${name}_` : name;
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
