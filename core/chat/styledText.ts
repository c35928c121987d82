/**
 * Splits a message into the styles the chat renders differently (<action>…</action>,
 * <scene>…</scene> and quoted dialogue each look different), plus *asterisk actions*,
 * the roleplay convention most cards use.
 *
 * - `<action>`/`<scene>` (any case, no attributes) → action/scene with the text between the tags.
 * - "…" and “…” → dialogue, quotes kept in the text; *…* (or **…**) → emphasis without the asterisks.
 * - No nesting: a styled segment's inside is taken as it is ("quotes" inside an action stay part
 *   of the action), which is what the renderer needs and keeps the scan a single pass.
 * - A marker that never closes is plain text, and so is every other tag: the renderer outputs text
 *   nodes only, so `<script>` shows up as the characters it is.
 * - `partial` is for a reply still streaming in: a marker not closed yet styles everything after it
 *   (its close is on its way), and the start of a tag or a closing tag cut off at the very end is
 *   left out, so no raw `*` or `<act` shows and nothing changes style when the reply completes.
 *
 * One left-to-right pass; each closing marker is searched for with indexOf and the answer is
 * remembered, so repeated unclosed markers cannot make it quadratic (no backtracking regex).
 */
export type StyledKind = 'text' | 'action' | 'scene' | 'dialogue' | 'emphasis';

export interface StyledSegment {
  kind: StyledKind;
  text: string;
}

const TAGS = [
  { open: '<action>', close: '</action>', kind: 'action' },
  { open: '<scene>', close: '</scene>', kind: 'scene' },
] as const;

/** indexOf whose last answer per needle is reused while it still holds (the scan only moves forward). */
class ForwardFinder {
  private readonly last = new Map<string, { from: number; at: number }>();

  constructor(private readonly text: string) {}

  next(needle: string, from: number): number {
    const known = this.last.get(needle);
    if (known && known.from <= from && (known.at === -1 || known.at >= from)) return known.at;
    const at = this.text.indexOf(needle, from);
    this.last.set(needle, { from, at });
    return at;
  }
}

/** How much of `text`'s end is the start of `marker` (e.g. 4 for '<act' and '<action>'), 0 if none. */
function cutOffMarker(lower: string, marker: string): number {
  for (let length = Math.min(marker.length - 1, lower.length); length > 0; length--) {
    if (lower.endsWith(marker.slice(0, length))) return length;
  }
  return 0;
}

export function tokenizeStyledText(text: string, { partial = false }: { partial?: boolean } = {}): StyledSegment[] {
  const segments: StyledSegment[] = [];
  // ASCII-only lowering keeps every index the same as in `text` (full Unicode lowering may not).
  const lower = text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  const find = new ForwardFinder(lower);
  let plainFrom = 0;
  let i = 0;

  const push = (kind: StyledKind, value: string): void => {
    const last = segments.at(-1);
    // Text on both sides of an empty styled segment (`<scene></scene>`) stays one segment.
    if (kind === 'text' && last?.kind === 'text') last.text += value;
    else if (value !== '') segments.push({ kind, text: value });
  };
  const styled = (kind: StyledKind, start: number, end: number, inner: string): void => {
    if (start > plainFrom) push('text', text.slice(plainFrom, start));
    push(kind, inner);
    plainFrom = end;
    i = end;
  };

  while (i < text.length) {
    const char = text[i]!;
    if (char === '<') {
      const tag = TAGS.find(({ open }) => lower.startsWith(open, i));
      const close = tag ? find.next(tag.close, i + tag.open.length) : -1;
      if (tag && close >= 0) {
        styled(tag.kind, i, close + tag.close.length, text.slice(i + tag.open.length, close));
        continue;
      }
      if (partial && tag) {
        styled(tag.kind, i, text.length, text.slice(i + tag.open.length, text.length - cutOffMarker(lower, tag.close)));
        continue;
      }
      if (partial && TAGS.some(({ open }) => open.startsWith(lower.slice(i)))) {
        styled('text', i, text.length, '');
        continue;
      }
    } else if (char === '"' || char === '“') {
      const close = find.next(char === '"' ? '"' : '”', i + 1);
      if (close > i + 1) {
        styled('dialogue', i, close + 1, text.slice(i, close + 1));
        continue;
      }
      // An empty pair ("") is plain text as a whole, so its second quote opens nothing.
      if (close === i + 1) {
        i = close + 1;
        continue;
      }
      if (partial) {
        styled('dialogue', i, text.length, text.slice(i));
        continue;
      }
    } else if (char === '*') {
      let open = i;
      while (text[open] === '*') open++;
      const close = find.next('*', open);
      if (close >= 0) {
        let end = close;
        while (text[end] === '*') end++;
        styled('emphasis', i, end, text.slice(open, close));
      } else if (partial) {
        styled('emphasis', i, text.length, text.slice(open));
      } else {
        i = open;
      }
      continue;
    }
    i++;
  }
  if (plainFrom < text.length) push('text', text.slice(plainFrom));
  return segments;
}
