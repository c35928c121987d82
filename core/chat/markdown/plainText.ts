/**
 * A message tree as plain text, for the text export and one-line previews: the words without markdown
 * markers or roleplay tags. Paragraphs are separated by a blank line, list items start with "•" or
 * their number, a link's address follows its text in brackets, a picture is its description.
 */
import type { Block, Inline } from './types';

function inlineText(nodes: Inline[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'code':
          return node.text;
        case 'break':
          return '\n';
        case 'image':
          return node.alt ? `${node.alt} (${node.src})` : node.src;
        case 'link': {
          const label = inlineText(node.children);
          const address = node.href.replace(/^mailto:/i, '');
          return label === address || label === node.href ? label : `${label} (${address})`;
        }
        default:
          return inlineText(node.children);
      }
    })
    .join('');
}

const indent = (text: string, by: string) => text.replace(/^(?=.)/gm, by);

function blockText(block: Block): string {
  switch (block.type) {
    case 'paragraph':
    case 'heading':
      return inlineText(block.children);
    case 'quote':
      return indent(blocksText(block.children), '  ');
    case 'scene':
      return blocksText(block.children);
    case 'list':
      return block.items
        .map((item, i) => {
          const marker = block.ordered ? `${block.start + i}. ` : '• ';
          return marker + indent(blocksText(item), ' '.repeat(marker.length)).slice(marker.length);
        })
        .join('\n');
    case 'code':
      return block.text.replace(/\n$/, '');
    case 'rule':
      return '———';
    case 'styled':
      return block.segments.map((segment) => segment.text).join('');
    case 'omitted':
      return '';
  }
}

function blocksText(blocks: Block[]): string {
  return blocks
    .map(blockText)
    .filter((text) => text !== '')
    .join('\n\n');
}

/** The tree's words as plain text (see above). */
export function plainText(blocks: Block[]): string {
  return blocksText(blocks);
}
