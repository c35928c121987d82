/**
 * A message's text as a tree the chat draws (types.ts): markdown (markdown-it, parser.ts) with the
 * roleplay styles on top: `<scene>` blocks (scenes.ts), `<action>` spans (tree.ts), quoted dialogue
 * (dialogue.ts), `*emphasis*` being markdown's own. Bounded whatever the text: markdown reads at most
 * MARKDOWN_CHARS of a message (its worst inputs cost a few µs a character), the rest gets the
 * roleplay styles in one linear pass, and past SHOWN_CHARS nothing is drawn but a count.
 */
import { tokenizeStyledText } from '../styledText';
import { withDialogue } from './dialogue';
import { markdownReader } from './parser';
import { closeOpenMarkers } from './partial';
import { splitScenes } from './scenes';
import { blockTree } from './tree';
import type { Block } from './types';

export type { Block, Inline, SpanKind } from './types';
export { plainText } from './plainText';

/** How much of a message markdown reads: more than any reply is long in practice. */
export const MARKDOWN_CHARS = 12_000;
/** How much of a message is drawn at all: twice the longest message the server stores. */
export const SHOWN_CHARS = 64_000;

/** Where to stop reading markdown: at a paragraph's end near the limit when there is one. */
function markdownEnd(text: string): number {
  if (text.length <= MARKDOWN_CHARS) return text.length;
  const paragraph = text.lastIndexOf('\n\n', MARKDOWN_CHARS);
  return paragraph > MARKDOWN_CHARS / 2 ? paragraph : MARKDOWN_CHARS;
}

function markdownBlocks(text: string): Block[] {
  const reader = markdownReader();
  return splitScenes(text).flatMap((piece): Block[] => {
    const blocks = blockTree(reader.parse(piece.text, {}));
    return piece.scene ? [{ type: 'scene', children: blocks }] : blocks;
  });
}

/**
 * The tree of a message's text. `partial`: a reply still streaming in, drawn as it will be once
 * complete (open markers closed, a marker cut off at the end left out, an open quote styling to the end).
 */
export function parseMessage(text: string, { partial = false }: { partial?: boolean } = {}): Block[] {
  const shown = text.slice(0, SHOWN_CHARS);
  const end = markdownEnd(shown);
  const head = shown.slice(0, end);
  const blocks = withDialogue(markdownBlocks(partial && end === shown.length ? closeOpenMarkers(head) : head), partial);
  if (end < shown.length) blocks.push({ type: 'styled', segments: tokenizeStyledText(shown.slice(end).replace(/^\n+/, ''), { partial }) });
  if (text.length > shown.length) blocks.push({ type: 'omitted', chars: text.length - shown.length });
  return blocks;
}
