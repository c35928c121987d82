/**
 * Quoted dialogue ("…" or “…”) as its own style, over the tree markdown made. Quotes pair among
 * siblings only (a quote opened inside **bold** closes inside it), and never inside narration
 * (emphasis, actions) or code: "quotes" in an action stay part of the action, as they always have.
 * An empty pair ("") is plain text; a quote that never closes is plain text, except at the end of a
 * reply still streaming in, where it styles everything after it (its close is on its way).
 */
import type { Block, Inline, Span } from './types';

const CLOSES: Record<string, string> = { '"': '"', '“': '”' };

/** Where the next quote char after (node, offset) is, among `nodes`' text. */
function findQuote(nodes: Inline[], from: { node: number; offset: number }, chars: string): { node: number; offset: number } | null {
  for (let n = from.node; n < nodes.length; n++) {
    const node = nodes[n]!;
    if (node.type !== 'text') continue;
    for (let i = n === from.node ? from.offset : 0; i < node.text.length; i++) {
      if (chars.includes(node.text[i]!)) return { node: n, offset: i };
    }
  }
  return null;
}

/** Splits the text node at `at.node` so that a new node starts at `at.offset`; the index of that node. */
function splitAt(nodes: Inline[], at: { node: number; offset: number }): number {
  const node = nodes[at.node] as Extract<Inline, { type: 'text' }>;
  if (at.offset === 0) return at.node;
  if (at.offset >= node.text.length) return at.node + 1;
  nodes.splice(at.node, 1, { type: 'text', text: node.text.slice(0, at.offset) }, { type: 'text', text: node.text.slice(at.offset) });
  return at.node + 1;
}

/**
 * Dialogue in the spans of `node` that may hold some: bold, struck and linked text; not narration
 * (emphasis, actions) or code, and not a dialogue's own quotes again.
 */
function lookInside(node: Inline): void {
  if (node.type === 'dialogue') node.children.forEach(lookInside);
  else if (node.type === 'strong' || node.type === 'strike' || node.type === 'link') markDialogue(node.children, false);
}

/** Finds and wraps the dialogue among `nodes` (in place), then looks inside the spans that may hold some. */
function markDialogue(nodes: Inline[], partial: boolean): Inline[] {
  let from = { node: 0, offset: 0 };
  for (;;) {
    const open = findQuote(nodes, from, '"“');
    if (!open) break;
    const quote = (nodes[open.node] as Extract<Inline, { type: 'text' }>).text[open.offset]!;
    const close = findQuote(nodes, { node: open.node, offset: open.offset + 1 }, CLOSES[quote]!);
    const adjacent = close && close.node === open.node && close.offset === open.offset + 1;
    if (adjacent) {
      from = { node: close.node, offset: close.offset + 1 };
      continue;
    }
    if (!close && !partial) {
      from = { node: open.node, offset: open.offset + 1 };
      continue;
    }
    // Split after the close first, so the opening split does not move it.
    const end = close ? splitAt(nodes, { node: close.node, offset: close.offset + 1 }) : nodes.length;
    const start = splitAt(nodes, open);
    const shift = start - open.node;
    const dialogue: Span = { type: 'dialogue', children: [] };
    dialogue.children = nodes.splice(start, end + shift - start, dialogue);
    from = { node: start + 1, offset: 0 };
  }
  for (const node of nodes) lookInside(node);
  return nodes;
}

function inlineLists(blocks: Block[], found: Inline[][] = []): Inline[][] {
  for (const block of blocks) {
    if (block.type === 'paragraph' || block.type === 'heading') found.push(block.children);
    else if (block.type === 'quote' || block.type === 'scene') inlineLists(block.children, found);
    else if (block.type === 'list') for (const item of block.items) inlineLists(item, found);
  }
  return found;
}

/**
 * Marks the dialogue of every paragraph of `blocks` (in place). `partial`: the last paragraph is a
 * reply still arriving, where an open quote runs to the end.
 */
export function withDialogue(blocks: Block[], partial: boolean): Block[] {
  const lists = inlineLists(blocks);
  lists.forEach((list, i) => markDialogue(list, partial && i === lists.length - 1));
  return blocks;
}
