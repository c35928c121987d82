/** markdown-it's flat tokens → the message tree (types.ts), keeping only the kinds it knows. */
import type { Token } from 'markdown-it';
import type { Block, Inline, InlineContainer, SpanKind } from './types';

/** Pairs `<action>` with `</action>` at the same depth of inline markup; the others are left as their text. */
function pairActions(tokens: Token[]): Set<Token> {
  const paired = new Set<Token>();
  const open: { token: Token; depth: number }[] = [];
  let depth = 0;
  for (const token of tokens) {
    if (token.type === 'rp_action') {
      if (!(token.meta as { closing: boolean }).closing) open.push({ token, depth });
      else {
        while (open.length > 0 && open.at(-1)!.depth > depth) open.pop();
        const opener = open.at(-1);
        if (opener && opener.depth === depth) {
          open.pop();
          paired.add(opener.token).add(token);
        }
      }
    } else depth += token.nesting;
  }
  return paired;
}

const SPANS: Record<string, SpanKind | undefined> = { em_open: 'emphasis', strong_open: 'strong', s_open: 'strike' };

/** A message's inline tokens (one paragraph's) as a tree. */
export function inlineTree(tokens: Token[]): Inline[] {
  const paired = pairActions(tokens);
  const root: Inline[] = [];
  const stack: Inline[][] = [root];
  const add = (node: Inline) => {
    const siblings = stack.at(-1)!;
    const last = siblings.at(-1);
    if (node.type === 'text' && last?.type === 'text') last.text += node.text;
    else siblings.push(node);
  };
  const open = (node: InlineContainer) => {
    add(node);
    stack.push(node.children);
  };
  for (const token of tokens) {
    const span = SPANS[token.type];
    if (span) open({ type: span, children: [] });
    else if (token.type === 'link_open') open({ type: 'link', href: String(token.attrGet('href') ?? ''), children: [] });
    else if (token.type === 'rp_action' && paired.has(token)) {
      if ((token.meta as { closing: boolean }).closing) stack.pop();
      else open({ type: 'action', children: [] });
    } else if (token.nesting === -1) stack.pop();
    else if (token.type === 'softbreak' || token.type === 'hardbreak') add({ type: 'break' });
    else if (token.type === 'code_inline') add({ type: 'code', text: String(token.content) });
    else if (token.type === 'image') add({ type: 'image', src: String(token.attrGet('src') ?? ''), alt: String(token.content) });
    // text, text_special, an unpaired tag: what it says.
    else if (token.content) add({ type: 'text', text: String(token.content) });
  }
  return root;
}

interface Container {
  blocks: Block[];
  /** Where a list item's blocks go, or a quote's. */
  kind: 'root' | 'quote' | 'item' | 'list';
  list?: Extract<Block, { type: 'list' }>;
}

/** A message's block tokens as a tree. */
export function blockTree(tokens: Token[]): Block[] {
  const root: Container = { blocks: [], kind: 'root' };
  const stack: Container[] = [root];
  const here = () => stack.at(-1)!;
  let heading = 0;
  for (const token of tokens) {
    switch (token.type) {
      case 'blockquote_open': {
        const quote: Block = { type: 'quote', children: [] };
        here().blocks.push(quote);
        stack.push({ blocks: quote.children, kind: 'quote' });
        break;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const list: Extract<Block, { type: 'list' }> = {
          type: 'list',
          ordered: token.type === 'ordered_list_open',
          start: Number(token.attrGet('start') ?? 1),
          items: [],
        };
        here().blocks.push(list);
        stack.push({ blocks: [], kind: 'list', list });
        break;
      }
      case 'list_item_open': {
        const item: Block[] = [];
        here().list!.items.push(item);
        stack.push({ blocks: item, kind: 'item' });
        break;
      }
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_close':
        stack.pop();
        break;
      case 'heading_open':
        heading = Number(token.tag.slice(1));
        break;
      case 'heading_close':
        heading = 0;
        break;
      case 'inline': {
        const children = inlineTree(token.children ?? []);
        here().blocks.push(heading ? { type: 'heading', level: heading, children } : { type: 'paragraph', children });
        break;
      }
      case 'fence':
        here().blocks.push({ type: 'code', text: token.content, language: token.info.trim().split(/\s+/)[0] ?? '' });
        break;
      case 'hr':
        here().blocks.push({ type: 'rule' });
        break;
      default:
        // paragraph_open/close: the inline token carries the paragraph.
        break;
    }
  }
  return root.blocks;
}
