import { describe, expect, it } from 'vitest';
import { messageLength, splitMessage } from '@core/chat/index';

const LIMIT = 1000;

/** Every part within the limit, none empty, and together the text with only the cut spaces gone. */
function expectParts(text: string, parts: string[], limit = LIMIT): void {
  for (const part of parts) {
    expect(messageLength(part)).toBeLessThanOrEqual(limit);
    expect(part.trim()).toBe(part);
    expect(part).not.toBe('');
  }
  expect(parts.join('').replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
}

const sentence = (n: number) => `Sentence number ${n} goes on for a while so that it has some length to it. `;

describe('splitMessage', () => {
  it('keeps a message within the limit whole, trimmed', () => {
    expect(splitMessage('  Hello there.  ', LIMIT)).toEqual(['Hello there.']);
    expect(splitMessage('x'.repeat(1000), LIMIT)).toEqual(['x'.repeat(1000)]);
    expect(splitMessage('   \n ', LIMIT)).toEqual([]);
  });

  it('cuts at a paragraph first', () => {
    const first = 'a '.repeat(400).trim();
    const second = 'b '.repeat(400).trim();
    const parts = splitMessage(`${first}\n\n${second}`, LIMIT);
    expect(parts).toEqual([first, second]);
  });

  it('cuts after a sentence when no paragraph fits', () => {
    const text = Array.from({ length: 25 }, (_, i) => sentence(i)).join('');
    const parts = splitMessage(text, LIMIT);
    expect(parts.length).toBe(2);
    expect(parts[0]).toMatch(/\.$/);
    expect(parts[1]).toMatch(/^Sentence number \d+/);
    expectParts(text, parts);
  });

  it('prefers a later sentence to an early paragraph that would leave a short part', () => {
    const text = `Short opening.\n\n${Array.from({ length: 20 }, (_, i) => sentence(i)).join('')}`;
    const parts = splitMessage(text, LIMIT);
    expect(parts[0]!.startsWith('Short opening.\n\nSentence')).toBe(true);
    expectParts(text, parts);
  });

  it('cuts between words when a sentence is longer than the limit', () => {
    const text = 'word '.repeat(300).trim();
    const parts = splitMessage(text, LIMIT);
    expect(parts.length).toBe(2);
    for (const part of parts) expect(part.split(' ').every((word) => word === 'word')).toBe(true);
    expectParts(text, parts);
  });

  it('cuts a 1,000-character word at the limit, and keeps a short paragraph before it apart', () => {
    const word = 'y'.repeat(1500);
    expect(splitMessage(word, LIMIT)).toEqual(['y'.repeat(1000), 'y'.repeat(500)]);
    const parts = splitMessage(`Intro.\n\n${'z'.repeat(1000)}`, LIMIT);
    expect(parts).toEqual(['Intro.', 'z'.repeat(1000)]);
  });

  it('never cuts an emoji or a surrogate pair in half, and counts each as one', () => {
    const emoji = '😀'.repeat(1500);
    const parts = splitMessage(emoji, LIMIT);
    expect(parts.map(messageLength)).toEqual([1000, 500]);
    expect(parts.join('')).toBe(emoji);
    // A family emoji is one grapheme of seven code points: a cut goes before it, not through it.
    const family = '👨‍👩‍👧‍👦';
    const text = `${'a'.repeat(995)}${family}${'b'.repeat(10)}`;
    const [first, second] = splitMessage(text, LIMIT);
    expect(first).toBe('a'.repeat(995));
    expect(second).toBe(`${family}${'b'.repeat(10)}`);
  });

  it('splits a 1,500-character paste into two parts in order', () => {
    const text = Array.from({ length: 20 }, (_, i) => sentence(i))
      .join('')
      .slice(0, 1500);
    const parts = splitMessage(text, LIMIT);
    expect(parts.length).toBe(2);
    expectParts(text, parts);
  });

  it('works for any limit and long text', () => {
    const text = Array.from({ length: 400 }, (_, i) => sentence(i)).join('\n');
    const parts = splitMessage(text, 300);
    expectParts(text, parts, 300);
  });
});

describe('messageLength', () => {
  it('counts code points', () => {
    expect(messageLength('abc')).toBe(3);
    expect(messageLength('😀😀')).toBe(2);
  });
});
