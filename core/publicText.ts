/**
 * Text people write for others to read (a bio, a report, a review's reason): shown as text, never
 * markup, and cleaned as file names are of what could disguise it: control characters (new lines
 * kept where the text may have them) and bidi controls, which can make a line read backwards.
 */
import { BIDI_CONTROLS } from './fileName';

const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
const ALL_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;

/** The text cleaned and trimmed, in NFC, at most `maxChars` code points; one line unless `multiline`. */
export function publicText(text: string, maxChars: number, { multiline = false } = {}): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(multiline ? CONTROLS_BUT_NEWLINE : ALL_CONTROLS, multiline ? '' : ' ')
    .replace(BIDI_CONTROLS, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return Array.from(cleaned).slice(0, maxChars).join('').trim();
}
