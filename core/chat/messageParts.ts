/**
 * A message longer than the limit, sent as several: cut where a reader would pause, never inside a
 * character. Lengths count code points, as the server does, so an emoji counts once.
 */

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Where a part may end, best first: after a paragraph, a line, a sentence, a word. Each match ends
 * the part at its end (the spaces after it go with the cut, trimmed away).
 */
const BREAKS = [/\n[^\S\n]*\n\s*/g, /\n\s*/g, /[.!?…]+["'”’»)\]]*\s+/gu, /\s+/g];

/** The text's length as the limit counts it: code points, never UTF-16 units. */
export function messageLength(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

/** The UTF-16 index after the first `limit` code points of `text`. */
function codePointEnd(text: string, limit: number): number {
  let count = 0;
  let end = 0;
  for (const point of text) {
    if (count === limit) break;
    count++;
    end += point.length;
  }
  return end;
}

/** The longest start of `text` within `limit` code points that ends between two graphemes. */
function fittingEnd(text: string, limit: number): number {
  let count = 0;
  let end = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    count += messageLength(segment);
    if (count > limit) break;
    end = index + segment.length;
  }
  // A single grapheme longer than the limit (a pathological run of combining marks) is cut by code point.
  return end > 0 ? end : codePointEnd(text, limit);
}

/** The end of the last match of `pattern` in `text` that leaves something before it; 0 when none. */
function lastBreak(text: string, pattern: RegExp): number {
  let cut = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > 0) cut = match.index + match[0].length;
  }
  return cut;
}

/**
 * Where the part that starts `text` ends: at the best kind of break that still fills at least half
 * the part, else at the latest break of any kind (a short paragraph before a long unbroken word),
 * else at the limit itself.
 */
function partEnd(text: string, limit: number): number {
  const window = text.slice(0, fittingEnd(text, limit));
  if (window.length === text.length) return window.length;
  let latest = 0;
  for (const pattern of BREAKS) {
    const cut = lastBreak(window, pattern);
    if (cut > 0 && messageLength(window.slice(0, cut)) >= limit / 2) return cut;
    latest = Math.max(latest, cut);
  }
  return latest > 0 ? latest : window.length;
}

/**
 * The text as messages of at most `limit` code points each, in order, trimmed and never empty: cut
 * at paragraphs, then sentences, then words; a word longer than the limit is cut between graphemes.
 */
export function splitMessage(text: string, limit: number): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest !== '') {
    const end = partEnd(rest, limit);
    const part = rest.slice(0, end).trim();
    if (part !== '') parts.push(part);
    rest = rest.slice(end).trimStart();
  }
  return parts;
}
