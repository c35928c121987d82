/** File names made from free text (a card's or a character's name), for downloads and archives. */

/**
 * Characters that reorder text: a name holding U+202E can make "evil‮gnp.exe" read "evilexe.png".
 * They have no business in a file name.
 */
export const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f]/g;
/** Path separators and the characters Windows refuses in file names. */
const RESERVED_CHARS = /[\\/<>:"|?*]/g;
/** Names Windows reserves whatever the extension ("CON.png" cannot be created). */
const RESERVED_NAMES = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/i;
const MAX_BASE_LENGTH = 80;

/**
 * A file name base (without extension) safe on every system the file may land on: no control or
 * bidi characters, no separators or reserved characters, no leading dots, at most 80 code points.
 * `fallback` when nothing usable is left.
 */
export function safeFileName(base: string, fallback: string): string {
  const tidy = (text: string) =>
    text
      .replace(CONTROL_CHARS, '')
      .replace(BIDI_CONTROLS, '')
      .replace(RESERVED_CHARS, ' ')
      .replace(/\s+/g, ' ')
      // Leading dots hide files (and make '..'); Windows drops trailing dots and spaces.
      .replace(/^[.\s]+|[.\s]+$/g, '');
  // Cut by code points so an emoji is never split into half a surrogate pair.
  const name = tidy(
    Array.from(tidy(base.normalize('NFC')))
      .slice(0, MAX_BASE_LENGTH)
      .join(''),
  );
  if (name === '') return fallback;
  return RESERVED_NAMES.test(name) ? `${name}_` : name;
}
