import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeLore, activeLoreEntries, estimateTokens } from '@core/chat/index';

const entry = (keys: unknown, content: string, more: Record<string, unknown> = {}) => ({
  keys,
  content,
  enabled: true,
  insertion_order: 0,
  ...more,
});
const book = (...entries: unknown[]) => ({ entries });

describe('activeLoreEntries', () => {
  it('includes an entry whose key appears in a recent message and leaves out one whose key does not', () => {
    const lore = book(entry(['lighthouse'], 'The light never fails.'), entry(['kraken'], 'A kraken sleeps below.'));
    expect(activeLoreEntries(lore, ['We sail past the lighthouse.'])).toEqual(['The light never fails.']);
  });

  it('matches keys case-insensitively unless the entry is case-sensitive (on the entry or in extensions)', () => {
    const lore = book(
      entry(['Gull Rock'], 'loose'),
      entry(['Gull Rock'], 'strict', { case_sensitive: true }),
      entry(['Gull Rock'], 'strict (SillyTavern)', { extensions: { case_sensitive: true } }),
    );
    expect(activeLoreEntries(lore, ['off gull rock'])).toEqual(['loose']);
    expect(activeLoreEntries(lore, ['off Gull Rock'])).toEqual(['loose', 'strict', 'strict (SillyTavern)']);
  });

  it('always includes constant entries and never disabled ones', () => {
    const lore = book(
      entry([], 'Always true.', { constant: true }),
      entry(['sea'], 'Off.', { enabled: false }),
      entry(['sea'], 'Off too.', { constant: true, enabled: false }),
      entry(['sea'], 'Off (SillyTavern).', { disable: true }),
    );
    expect(activeLoreEntries(lore, ['the sea'])).toEqual(['Always true.']);
  });

  it('orders contents by insertion_order, ties in book order', () => {
    const lore = book(
      entry(['a'], 'third', { insertion_order: 5 }),
      entry(['a'], 'first', { insertion_order: -1 }),
      entry(['a'], 'second'),
      entry(['a'], 'second too'),
    );
    expect(activeLoreEntries(lore, ['a'])).toEqual(['first', 'second', 'second too', 'third']);
  });

  it('scans the last 4 messages unless the book sets scan_depth', () => {
    const texts = ['storm', 'x', 'x', 'x', 'x'];
    expect(activeLoreEntries(book(entry(['storm'], 'hit')), texts)).toEqual([]);
    expect(activeLoreEntries(book(entry(['storm'], 'hit')), texts.slice(1).concat('storm'))).toEqual(['hit']);
    expect(activeLoreEntries({ ...book(entry(['storm'], 'hit')), scan_depth: 5 }, texts)).toEqual(['hit']);
  });

  it('keeps the total within the book token_budget, skipping an entry that does not fit for later smaller ones', () => {
    const big = 'b'.repeat(70);
    const lore = {
      ...book(entry(['k'], 'small one'), entry(['k'], big), entry(['k'], 'small two')),
      token_budget: estimateTokens('small one') * 2 + 5,
    };
    expect(activeLoreEntries(lore, ['k'])).toEqual(['small one', 'small two']);
    expect(
      activeLoreEntries({ ...lore, token_budget: undefined }, ['k'], { tokenBudget: estimateTokens('small one') + estimateTokens(big) }),
    ).toEqual(['small one', big]);
    expect(activeLoreEntries({ ...lore, token_budget: undefined }, ['k'], { tokenBudget: 0 })).toEqual([]);
  });

  it('requires a secondary key of a selective entry, following SillyTavern selectiveLogic', () => {
    const selective = (logic?: number) =>
      book(entry(['ship'], 'yes', { selective: true, secondary_keys: ['storm', 'night'], extensions: { selectiveLogic: logic } }));
    expect(activeLoreEntries(selective(), ['a ship'])).toEqual([]);
    expect(activeLoreEntries(selective(), ['a ship at night'])).toEqual(['yes']);
    expect(activeLoreEntries(selective(3), ['a ship at night'])).toEqual([]); // all
    expect(activeLoreEntries(selective(3), ['a ship at night in a storm'])).toEqual(['yes']);
    expect(activeLoreEntries(selective(2), ['a ship at night'])).toEqual([]); // none
    expect(activeLoreEntries(selective(2), ['a ship'])).toEqual(['yes']);
    expect(activeLoreEntries(selective(1), ['a ship at night in a storm'])).toEqual([]); // not all
    expect(activeLoreEntries(book(entry(['ship'], 'no secondaries', { selective: true, secondary_keys: [] })), ['ship'])).toEqual([
      'no secondaries',
    ]);
  });

  it('reports where each entry goes, before the character by default', () => {
    const lore = book(entry(['k'], 'after', { position: 'after_char' }), entry(['k'], 'before', { position: 'nonsense' }));
    expect(activeLore(lore, ['k'])).toEqual([
      { content: 'after', position: 'after_char' },
      { content: 'before', position: 'before_char' },
    ]);
  });

  it('treats regex-looking keys as plain text', () => {
    const lore = book(entry(['/dr(a|e)gon/i', 'a+'], 'matched literally', { use_regex: true }));
    expect(activeLoreEntries(lore, ['a dragon', 'aaa'])).toEqual([]);
    expect(activeLoreEntries(lore, ['note: a+ b'])).toEqual(['matched literally']);
  });

  it('accepts a SillyTavern world-file map of entries with `key`', () => {
    expect(activeLoreEntries({ entries: { 0: { key: ['moon'], content: 'Two moons.' } } }, ['the moon'])).toEqual(['Two moons.']);
  });

  it('ignores odd shapes without throwing', () => {
    const odd = [
      undefined,
      null,
      'book',
      [],
      { entries: 'x' },
      { entries: [null, 1, 'e', { keys: 'storm', content: 'x' }, { keys: ['storm'], content: 42 }, { keys: ['storm'], content: '  ' }] },
    ];
    for (const value of odd) expect(activeLoreEntries(value, ['storm'])).toEqual([]);
    fc.assert(
      fc.property(fc.anything(), fc.array(fc.string()), (value, texts) => {
        expect(Array.isArray(activeLoreEntries({ entries: [value], scan_depth: value, token_budget: value }, texts))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
