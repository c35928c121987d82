import { describe, expect, it } from 'vitest';
import { MARKDOWN_CHARS, parseMessage, plainText, SHOWN_CHARS, type Block, type Inline } from '@core/chat/markdown/index';

/** The tree's node kinds in document order, with the text each holds: what the renderer draws. */
function kinds(blocks: Block[]): string[] {
  const out: string[] = [];
  const inline = (nodes: Inline[]) => {
    for (const node of nodes) {
      if (node.type === 'text') continue;
      if ('children' in node) {
        out.push(`${node.type}:${plainText([{ type: 'paragraph', children: node.children }])}`);
        inline(node.children);
      } else out.push(node.type === 'code' ? `code:${node.text}` : node.type);
    }
  };
  const walk = (list: Block[]) => {
    for (const block of list) {
      out.push(block.type);
      if (block.type === 'paragraph' || block.type === 'heading') inline(block.children);
      else if (block.type === 'quote' || block.type === 'scene') walk(block.children);
      else if (block.type === 'list') block.items.forEach(walk);
    }
  };
  walk(blocks);
  return out;
}

const tree = (text: string, partial = false) => kinds(parseMessage(text, { partial }));
const plain = (text: string, partial = false) => plainText(parseMessage(text, { partial }));

/** Every link's address in the tree. */
function links(blocks: Block[]): string[] {
  return (
    JSON.stringify(blocks)
      .match(/"href":"[^"]*"/g)
      ?.map((match) => JSON.parse(`{${match}}`).href as string) ?? []
  );
}

/** How deep blocks nest. */
function depth(blocks: Block[]): number {
  return Math.max(
    0,
    ...blocks.map((block) =>
      block.type === 'quote' || block.type === 'scene'
        ? 1 + depth(block.children)
        : block.type === 'list'
          ? 1 + Math.max(0, ...block.items.map(depth))
          : 1,
    ),
  );
}

describe('markdown in messages', () => {
  it('reads CommonMark: bold, italic, strikethrough, inline code, code blocks, lists, quotes, headings, links', () => {
    expect(tree('**bold**, *italic*, ~~gone~~ and `x = 1`')).toEqual([
      'paragraph',
      'strong:bold',
      'emphasis:italic',
      'strike:gone',
      'code:x = 1',
    ]);
    expect(tree('- one\n- two\n\n1. first\n2. second')).toEqual(['list', 'paragraph', 'paragraph', 'list', 'paragraph', 'paragraph']);
    expect(parseMessage('3. third\n4. fourth')[0]).toMatchObject({ type: 'list', ordered: true, start: 3 });
    expect(tree('> quoted\n\n# Title\n\n```js\nlet a = "<b>";\n```')).toEqual(['quote', 'paragraph', 'heading', 'code']);
    expect(parseMessage('```\n<scene>x</scene> *y*\n```')).toEqual([{ type: 'code', text: '<scene>x</scene> *y*\n', language: '' }]);
    expect(tree('[a site](https://example.com) and <https://example.org> and https://example.net')).toEqual([
      'paragraph',
      'link:a site',
      'link:https://example.org',
      'link:https://example.net',
    ]);
  });

  it('keeps line breaks as typed and indented text as text (no indented code blocks)', () => {
    expect(tree('line one\nline two')).toEqual(['paragraph', 'break']);
    expect(tree('    *walks in*, indented')).toEqual(['paragraph', 'emphasis:walks in']);
  });

  it('never makes markup, script or a non-web link of a message', () => {
    const hostile = [
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      '<iframe src="https://evil.example"></iframe>',
      '[click](javascript:alert(1))',
      '[click](JAVASCRIPT:alert(1))',
      '[click](vbscript:msgbox)',
      '[click](data:text/html,<script>alert(1)</script>)',
      '[click](file:///etc/passwd)',
      '[click](/relative/path)',
      '<javascript:alert(1)>',
      '![x](javascript:alert(1))',
      '[ref]\n\n[ref]: javascript:alert(1)',
    ];
    for (const text of hostile) {
      const blocks = parseMessage(text);
      // An address with a scheme in the text is a link (a web one); nothing else is.
      expect(
        links(blocks).filter((href) => !/^https?:\/\//.test(href)),
        text,
      ).toEqual([]);
      expect(JSON.stringify(blocks), text).not.toContain('"type":"image"');
    }
    expect(plain('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
    expect(links(parseMessage('[mail](mailto:a@example.com) [web](http://example.com)'))).toEqual([
      'mailto:a@example.com',
      'http://example.com',
    ]);
  });

  it('reads a picture as a picture to show on request, never loaded by the reading', () => {
    expect(parseMessage('![a cat](https://example.com/cat.png)')).toEqual([
      { type: 'paragraph', children: [{ type: 'image', src: 'https://example.com/cat.png', alt: 'a cat' }] },
    ]);
  });
});

describe('roleplay styles together with markdown', () => {
  it('styles actions, scenes, dialogue and *emphasis* as before', () => {
    expect(tree('<scene>A storm.</scene> *waves* Hello, "stranger" and “friend”. <action>bows</action>')).toEqual([
      'scene',
      'paragraph',
      'paragraph',
      'emphasis:waves',
      'dialogue:"stranger"',
      'dialogue:“friend”',
      'action:bows',
    ]);
    expect(tree('<ACTION>nods</Action> **firmly**')).toEqual(['paragraph', 'action:nods', 'strong:firmly']);
  });

  it('puts markdown inside each style, and each style inside markdown', () => {
    expect(tree('<action>pours **hot** tea</action>')).toEqual(['paragraph', 'action:pours hot tea', 'strong:hot']);
    expect(tree('"Hello **friend**," she says.')).toEqual(['paragraph', 'dialogue:"Hello friend,"', 'strong:friend']);
    expect(tree('**"Stop!"**')).toEqual(['paragraph', 'strong:"Stop!"', 'dialogue:"Stop!"']);
    expect(tree('- *smiles*\n- "Hi"\n- <action>waves</action>')).toEqual([
      'list',
      'paragraph',
      'emphasis:smiles',
      'paragraph',
      'dialogue:"Hi"',
      'paragraph',
      'action:waves',
    ]);
    expect(tree('<scene>The tavern.\n\n- a fire\n- *rain* outside</scene>')).toEqual([
      'scene',
      'paragraph',
      'list',
      'paragraph',
      'paragraph',
      'emphasis:rain',
    ]);
    expect(tree('> "Who goes there?" *the guard asks*')).toEqual([
      'quote',
      'paragraph',
      'dialogue:"Who goes there?"',
      'emphasis:the guard asks',
    ]);
    expect(tree('# "Chapter" one')).toEqual(['heading', 'dialogue:"Chapter"']);
  });

  it('keeps narration whole: quotes inside an action or emphasis stay part of it', () => {
    expect(tree('*she says "hi" softly*')).toEqual(['paragraph', 'emphasis:she says "hi" softly']);
    expect(tree('<action>says "hi"</action>')).toEqual(['paragraph', 'action:says "hi"']);
  });

  it('leaves unclosed or unmatched markers, quotes and tags as the text they are', () => {
    for (const text of ['<action>never closed', '<scene>x</action>', '"open quote', '“curly open"', 'a * b', '""']) {
      expect(plain(text)).toBe(text);
      expect(tree(text).filter((kind) => kind !== 'paragraph')).toEqual([]);
    }
    expect(tree('"" then "said"')).toEqual(['paragraph', 'dialogue:"said"']);
    expect(tree('`<action>x</action>`')).toEqual(['paragraph', 'code:<action>x</action>']);
  });
});

describe('a reply still streaming in', () => {
  it('is drawn as it will be once complete: open markers styled, cut-off ones left out', () => {
    expect(tree('Hi *waves and', true)).toEqual(['paragraph', 'emphasis:waves and']);
    expect(tree('Hi **bold so', true)).toEqual(['paragraph', 'strong:bold so']);
    expect(tree('"Wel', true)).toEqual(['paragraph', 'dialogue:"Wel']);
    expect(tree('<scene>Rain falls.\n\nThunder', true)).toEqual(['scene', 'paragraph', 'paragraph']);
    expect(tree('<ACTION>nods, then</ac', true)).toEqual(['paragraph', 'action:nods, then']);
    expect(tree('She says `let x', true)).toEqual(['paragraph', 'code:let x']);
    expect(plain('She smiles <act', true)).toBe('She smiles');
    expect(plain('Done. **', true)).toBe('Done.');
    expect(tree('```\ncode *not emphasis', true)).toEqual(['code']);
    // An open quote styles to the end only in the paragraph still arriving.
    expect(tree('"open\n\nNext "line', true)).toEqual(['paragraph', 'paragraph', 'dialogue:"line']);
  });

  it('never shows a raw marker at any point of a reply, and ends as the whole reply', () => {
    const reply =
      '<scene>A tavern.\n\nRain outside.</scene> *She waves.* "Come in, **traveller**!" <action>pours tea</action>\n\n- **One** thing\n- ~~two~~ *three*';
    const whole = parseMessage(reply);
    for (let end = 1; end <= reply.length; end++) {
      const text = plain(reply.slice(0, end), true);
      expect(text, reply.slice(0, end)).not.toMatch(/[*<>~]/);
    }
    expect(parseMessage(reply, { partial: true })).toEqual(whole);
  });
});

describe('bounds', () => {
  it('reads 10,000 nested lists or quotes only 20 levels deep', () => {
    expect(depth(parseMessage('- '.repeat(10_000) + 'deep'))).toBeLessThanOrEqual(21);
    expect(depth(parseMessage('>'.repeat(10_000) + ' deep'))).toBeLessThanOrEqual(21);
    const indented = Array.from({ length: 10_000 }, (_, i) => `${' '.repeat(Math.min(i, 400) * 2)}- level ${i}`).join('\n');
    expect(depth(parseMessage(indented))).toBeLessThanOrEqual(21);
  });

  it('reads markdown in the first part of a huge message only, and shows a bounded part of it', () => {
    const line = '*a '.repeat(350_000);
    const blocks = parseMessage(line);
    expect(blocks.map((block) => block.type)).toEqual(['paragraph', 'styled', 'omitted']);
    expect(plainText(blocks.slice(0, 1)).length).toBeLessThanOrEqual(MARKDOWN_CHARS);
    expect(blocks.at(-1)).toEqual({ type: 'omitted', chars: line.length - SHOWN_CHARS });
  });
});

describe('plain text', () => {
  it('writes the words without markdown markers or roleplay tags', () => {
    expect(plain('<scene>Night.</scene> **Bold** *soft* ~~old~~ `code` <action>nods</action> "Hi"')).toBe(
      'Night.\n\nBold soft old code nods "Hi"',
    );
    expect(plain('# Title\n\n- one\n- two\n\n3. three\n\n> quote\n\n[site](https://example.com)')).toBe(
      'Title\n\n• one\n• two\n\n3. three\n\n  quote\n\nsite (https://example.com)',
    );
  });
});
