/**
 * `<scene>…</scene>` marks a framed piece of narration that may run over several paragraphs, so it
 * is found before markdown reads the text, which then reads each piece on its own. A scene is a
 * block: text around it on its lines becomes paragraphs of their own (it always showed as a block).
 * Tags inside fenced code are code; a scene tag that never closes is its own text; scenes do not
 * nest (a `<scene>` inside one is text, as before).
 */

export interface ScenePiece {
  scene: boolean;
  text: string;
}

const OPEN = '<scene>';
const CLOSE = '</scene>';

/** [start, end) ranges of `text` inside fenced code (``` or ~~~ lines), an unclosed fence running to the end. */
function fencedRanges(text: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  let open: { at: number; marker: string } | null = null;
  let lineStart = 0;
  while (lineStart <= text.length) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(text.slice(lineStart, Math.min(lineEnd, lineStart + 16)))?.[1];
    if (fence && !open) open = { at: lineStart, marker: fence[0]!.repeat(3) };
    else if (fence && open && fence.startsWith(open.marker)) {
      ranges.push([open.at, lineEnd]);
      open = null;
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }
  if (open) ranges.push([open.at, text.length]);
  return ranges;
}

/** The next `needle` in `lower` at or after `from` that is not inside fenced code; -1 when none. */
function nextOutside(lower: string, needle: string, from: number, fenced: Array<[number, number]>): number {
  let at = lower.indexOf(needle, from);
  while (at !== -1) {
    const inside = fenced.find(([start, end]) => at >= start && at < end);
    if (!inside) return at;
    at = lower.indexOf(needle, inside[1]);
  }
  return -1;
}

/** `text` cut into scenes and what lies between them, in order; empty pieces left out. */
export function splitScenes(text: string): ScenePiece[] {
  // ASCII-only lowering keeps every index the same as in `text`.
  const lower = text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  if (!lower.includes(OPEN)) return [{ scene: false, text }];
  const fenced = fencedRanges(text);
  const pieces: ScenePiece[] = [];
  const push = (scene: boolean, piece: string) => {
    if (piece.trim() !== '') pieces.push({ scene, text: piece });
  };
  let from = 0;
  for (;;) {
    const open = nextOutside(lower, OPEN, from, fenced);
    const close = open === -1 ? -1 : nextOutside(lower, CLOSE, open + OPEN.length, fenced);
    if (close === -1) break;
    push(false, text.slice(from, open));
    push(true, text.slice(open + OPEN.length, close));
    from = close + CLOSE.length;
  }
  push(false, text.slice(from));
  return pieces;
}
