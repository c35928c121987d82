import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenizeStyledText } from '@core/chat/index';

describe('tokenizeStyledText', () => {
  it('splits actions, scenes, dialogue and asterisk emphasis from plain text', () => {
    expect(tokenizeStyledText('<scene>A storm.</scene> *waves* Hello, "stranger" and “friend”. <action>bows</action>')).toEqual([
      { kind: 'scene', text: 'A storm.' },
      { kind: 'text', text: ' ' },
      { kind: 'emphasis', text: 'waves' },
      { kind: 'text', text: ' Hello, ' },
      { kind: 'dialogue', text: '"stranger"' },
      { kind: 'text', text: ' and ' },
      { kind: 'dialogue', text: '“friend”' },
      { kind: 'text', text: '. ' },
      { kind: 'action', text: 'bows' },
    ]);
  });

  it('matches tags in any case and takes **double** asterisks as one emphasis', () => {
    expect(tokenizeStyledText('<ACTION>nods</Action>**firmly**')).toEqual([
      { kind: 'action', text: 'nods' },
      { kind: 'emphasis', text: 'firmly' },
    ]);
  });

  it('keeps a styled segment as it is inside, without nesting', () => {
    expect(tokenizeStyledText('<action>says "hi" *softly*</action>')).toEqual([{ kind: 'action', text: 'says "hi" *softly*' }]);
    expect(tokenizeStyledText('"run <action>now</action>!"')).toEqual([{ kind: 'dialogue', text: '"run <action>now</action>!"' }]);
  });

  it('leaves other tags as literal text', () => {
    const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)><action class="a">x</action>';
    const segments = tokenizeStyledText(hostile);
    expect(segments.map((segment) => segment.text).join('')).toBe(hostile);
    expect(segments.filter((segment) => segment.kind !== 'dialogue').every((segment) => segment.kind === 'text')).toBe(true);
    expect(segments[0]).toEqual({ kind: 'text', text: '<script>alert(' });
  });

  it('falls back to plain text for unclosed tags, quotes and asterisks', () => {
    for (const text of ['<action>never closed', '<scene>x</action>', '"open quote', '“curly open"', 'a * b', '*** ', '""', 'x""y']) {
      expect(tokenizeStyledText(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(tokenizeStyledText('"" then "said"')).toEqual([
      { kind: 'text', text: '"" then ' },
      { kind: 'dialogue', text: '"said"' },
    ]);
  });

  it('drops empty styled segments and returns nothing for empty text', () => {
    expect(tokenizeStyledText('')).toEqual([]);
    expect(tokenizeStyledText('a<scene></scene>b<action></action>')).toEqual([{ kind: 'text', text: 'ab' }]);
  });

  it('loses no text other than the markers it styles', () => {
    const piece = fc.constantFrom('<action>', '</action>', '<SCENE>', '</scene>', '"', '“', '”', '*', '**', '<', 'x', ' ', 'é', '\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const text = pieces.join('');
        const segments = tokenizeStyledText(text);
        const stripped = (value: string) => value.replace(/<\/?(action|scene)>|\*/gi, '');
        expect(stripped(segments.map((segment) => segment.text).join(''))).toBe(stripped(text));
        expect(segments.every((segment) => segment.text !== '')).toBe(true);
        expect(segments.every((segment, i) => segment.kind !== 'text' || segments[i - 1]?.kind !== 'text')).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  describe('while a reply is still streaming (partial)', () => {
    const partial = (text: string) => tokenizeStyledText(text, { partial: true });

    it('styles what follows a marker that has not closed yet, as it will be once it has', () => {
      expect(partial('Hi *waves and')).toEqual([
        { kind: 'text', text: 'Hi ' },
        { kind: 'emphasis', text: 'waves and' },
      ]);
      expect(partial('"Wel')).toEqual([{ kind: 'dialogue', text: '"Wel' }]);
      expect(partial('<scene>Rain falls')).toEqual([{ kind: 'scene', text: 'Rain falls' }]);
      expect(partial('<ACTION>nods, then</ac')).toEqual([{ kind: 'action', text: 'nods, then' }]);
    });

    it('leaves out a tag or asterisks cut off at the very end, which would show raw for a moment', () => {
      expect(partial('She smiles <act')).toEqual([{ kind: 'text', text: 'She smiles ' }]);
      expect(partial('She smiles <')).toEqual([{ kind: 'text', text: 'She smiles ' }]);
      expect(partial('Done. **')).toEqual([{ kind: 'text', text: 'Done. ' }]);
      // Not the start of one of our tags: plain text, as always.
      expect(partial('1 < 2 and <b')).toEqual([{ kind: 'text', text: '1 < 2 and <b' }]);
    });

    it('renders every prefix of a reply in the styles of the whole, never a raw marker', () => {
      const reply = '<scene>A tavern.</scene> *She waves.* "Come in, traveller!" <action>pours tea</action>';
      const whole = tokenizeStyledText(reply);
      for (let end = 1; end <= reply.length; end++) {
        const segments = partial(reply.slice(0, end));
        expect(segments.map((segment) => segment.text).join('')).not.toMatch(/[*<>]/);
        // Each styled piece so far is the start of the piece the finished reply has at that place.
        const last = segments.at(-1);
        if (last && last.kind !== 'text')
          expect(whole.some((piece) => piece.kind === last.kind && piece.text.startsWith(last.text))).toBe(true);
      }
      expect(partial(reply)).toEqual(whole);
    });
  });

  it('handles a megabyte of unclosed markers in one pass', () => {
    const text = '<action>"*“'.repeat(100_000);
    const segments = tokenizeStyledText(text);
    expect(segments.map((segment) => segment.text).join('')).toContain('<action>');
    expect(segments.length).toBeGreaterThan(0);
  });
});
