/**
 * A reply still streaming in is drawn as it will be once complete: markers opened and not closed yet
 * are closed for the drawing (`*She smiles` shows as emphasis now, not as a raw `*` that turns into
 * emphasis later), and a marker or tag cut off at the very end is left out until the rest of it
 * arrives. Only the last paragraph is looked at, in one pass; fenced code that is still open is code,
 * and nothing in it is touched.
 */

const TAGS = ['<action>', '</action>', '<scene>', '</scene>'];

/** Without the start of a tag (`<act`, `</sc`) that ends the text. */
function withoutCutOff(text: string): string {
  const lt = text.lastIndexOf('<');
  if (lt === -1 || lt < text.lastIndexOf('>')) return text;
  const tail = text.slice(lt).toLowerCase();
  return TAGS.some((tag) => tag.length > tail.length && tag.startsWith(tail)) ? text.slice(0, lt) : text;
}

interface OpenMarker {
  at: number;
  closer: string;
}

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);

/** The markers opened in `paragraph` (from `offset` in the whole text) and not closed, in order. */
function openMarkers(paragraph: string, offset: number): OpenMarker[] {
  const open: OpenMarker[] = [];
  let i = 0;
  while (i < paragraph.length) {
    const char = paragraph[i]!;
    if (char !== '*' && char !== '~' && char !== '`' && char !== '<') {
      i++;
      continue;
    }
    if (char === '<') {
      const ahead = paragraph.slice(i, i + 9).toLowerCase();
      if (ahead.startsWith('<action>')) open.push({ at: offset + i, closer: '</action>' });
      else if (ahead.startsWith('</action>')) {
        const index = open.findLastIndex((marker) => marker.closer === '</action>');
        if (index !== -1) open.splice(index, 1);
      }
      i++;
      continue;
    }
    let end = i;
    while (paragraph[end] === char) end++;
    const run = paragraph.slice(i, end);
    if (char === '`') {
      // Inline code: what follows up to the same run is code, markers and all.
      const close = paragraph.indexOf(run, end);
      if (close === -1) {
        open.push({ at: offset + i, closer: run });
        return open;
      }
      i = close + run.length;
      continue;
    }
    const closes = !isSpace(paragraph[i - 1]);
    const opens = !isSpace(paragraph[end]);
    const index = open.findLastIndex((marker) => marker.closer === run);
    if (closes && index !== -1) open.splice(index, 1);
    else if (opens && (char === '*' || run.length === 2)) open.push({ at: offset + i, closer: run });
    i = end;
  }
  return open;
}

/** An unclosed `<scene>` (they run over paragraphs): where it opened, or -1. */
function openScene(lower: string): number {
  const open = lower.lastIndexOf('<scene>');
  return open > lower.lastIndexOf('</scene>') ? open : -1;
}

/** Whether the text ends inside fenced code (an odd number of fence lines). */
function inOpenFence(text: string): boolean {
  return (text.match(/^ {0,3}(```|~~~)/gm)?.length ?? 0) % 2 === 1;
}

/** The markers opened in the last paragraph of `text` and not closed, in order. */
function openInLastParagraph(text: string): OpenMarker[] {
  const start = text.lastIndexOf('\n\n') + 1;
  return openMarkers(text.slice(start), start);
}

/**
 * Without a run of markers that ends the text unless it closes what is open: an opener whose text
 * has not come yet (`Done. **`), or part of a closer still arriving (`**bold*`), would show raw.
 */
function withoutTrailingRun(text: string): string {
  const run = /(\*+|~+|`+)$/.exec(text)?.[1];
  if (!run) return text;
  const before = text.slice(0, -run.length);
  return openInLastParagraph(before).at(-1)?.closer === run ? text : before;
}

/** `text` (a reply so far) with what it opened closed, ready to be read as if complete. */
export function closeOpenMarkers(text: string): string {
  if (inOpenFence(text)) return text;
  const cut = withoutTrailingRun(withoutCutOff(text));
  const markers = openInLastParagraph(cut);
  const scene = openScene(cut.replace(/[A-Z]+/g, (letters) => letters.toLowerCase()));
  if (scene !== -1) markers.push({ at: scene, closer: '</scene>' });
  if (markers.length === 0) return cut;
  markers.sort((a, b) => b.at - a.at);
  // A closer after a space would not close (markdown wants it against the text): the space goes.
  return cut.trimEnd() + markers.map((marker) => marker.closer).join('');
}
