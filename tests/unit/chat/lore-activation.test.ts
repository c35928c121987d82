import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { estimateTokens, MAX_LORE_STEPS, readLorebook } from '@core/chat/index';
import { book, entry, fired, scan, values } from './loreSupport';

describe('lorebook keys', () => {
  it('match whole words by default, as SillyTavern: "art" is not in "start the party"', () => {
    const lore = book(entry(['art'], 'About art.'));
    expect(fired(lore, ['We start the party.'])).toEqual([]);
    expect(fired(lore, ['The art of war!'])).toEqual(['About art.']);
    expect(fired(lore, ['(art)'])).toEqual(['About art.']);
  });

  it('match anywhere when the entry turns whole words off, and a key of several words as a phrase', () => {
    expect(fired(book(entry(['art'], 'x', { extensions: { match_whole_words: false } })), ['start'])).toEqual(['x']);
    expect(fired(book(entry(['old tower'], 'x')), ['the old towers'])).toEqual(['x']);
  });

  it("take SillyTavern's word boundary (ASCII letters, digits, _): 'café' in 'a café.', not 'art' in 'art_2'", () => {
    expect(fired(book(entry(['café'], 'x')), ['Meet me at a café.'])).toEqual(['x']);
    expect(fired(book(entry(['art'], 'x')), ['file art_2'])).toEqual([]);
  });

  it('match case-insensitively unless the entry is case-sensitive (on the entry or in extensions)', () => {
    const lore = book(
      entry(['Gull Rock'], 'loose'),
      entry(['Gull Rock'], 'strict', { case_sensitive: true }),
      entry(['Gull Rock'], 'strict (SillyTavern)', { extensions: { case_sensitive: true } }),
    );
    expect(fired(lore, ['off gull rock'])).toEqual(['loose']);
    expect(fired(lore, ['off Gull Rock'])).toEqual(['loose', 'strict', 'strict (SillyTavern)']);
  });

  it('fill macros in keys before matching', () => {
    expect(fired(book(entry(['{{user}}'], 'About the user.')), ['ada waves'])).toEqual(['About the user.']);
  });

  it('read /pattern/flags keys as regular expressions, over case and whole-word rules', () => {
    const lore = book(entry(['/drag(on|ons)\\b/i'], 'Dragons.'), entry(['/Mira:\\s+hello/'], 'Mira spoke.'));
    expect(fired(lore, ['DRAGONS overhead'])).toEqual(['Dragons.']);
    expect(fired(lore, ['dragonfly'])).toEqual([]);
    expect(fired(lore, ['Ada: hi', 'Mira: hello'])).toEqual(['Mira spoke.']);
    // Each scanned message starts with SillyTavern's \x01 marker, so ^ alone never finds a message's start there either.
    expect(fired(book(entry(['/^Mira/m'], 'x')), ['Mira: hello'])).toEqual([]);
  });

  it('never match with a pattern the safe engine cannot run, and never throw', () => {
    const lore = book(entry(['/(?=x)x/', '/(a)\\1/', '/[/'], 'Never.'), entry(['storm'], 'Storm.'));
    expect(fired(lore, ['x aa [ storm'])).toEqual(['Storm.']);
  });

  it('run a catastrophic pattern in linear time: it simply does not match', () => {
    expect(fired(book(entry(['/(a+)+$/'], 'x')), [`${'a'.repeat(50_000)}b`])).toEqual([]);
  });

  it('count secondary keys on a selective entry with all four SillyTavern logics', () => {
    const selective = (logic?: number) =>
      book(entry(['ship'], 'yes', { selective: true, secondary_keys: ['night', 'storm'], extensions: { selectiveLogic: logic } }));
    expect(fired(selective(), ['a ship'])).toEqual([]);
    expect(fired(selective(), ['a ship at night'])).toEqual(['yes']);
    expect(fired(selective(3), ['a ship at night'])).toEqual([]);
    expect(fired(selective(3), ['a ship at night in a storm'])).toEqual(['yes']);
    expect(fired(selective(2), ['a ship at night'])).toEqual([]);
    expect(fired(selective(2), ['a ship'])).toEqual(['yes']);
    expect(fired(selective(1), ['a ship at night in a storm'])).toEqual([]);
    expect(fired(book(entry(['ship'], 'not selective', { secondary_keys: ['night'] })), ['ship'])).toEqual(['not selective']);
  });
});

describe('lorebook scan depth', () => {
  const texts = ['storm', 'b', 'c'];

  it("scans the last 2 messages by default (SillyTavern's), the book's scan_depth, or an entry's own", () => {
    expect(fired(book(entry(['storm'], 'hit')), texts)).toEqual([]);
    expect(fired(book(entry(['storm'], 'hit')), ['a', 'storm', 'c'])).toEqual(['hit']);
    expect(fired({ ...book(entry(['storm'], 'hit')), scan_depth: 3 }, texts)).toEqual(['hit']);
    expect(fired(book(entry(['storm'], 'hit', { extensions: { scan_depth: 3 } })), texts)).toEqual(['hit']);
    expect(fired(book(entry(['c'], 'never', { extensions: { scan_depth: 0 } })), texts)).toEqual([]);
  });
});

describe('lorebook activation', () => {
  it('sends constant entries always and disabled ones never (V2 enabled, SillyTavern disable)', () => {
    const lore = book(
      entry([], 'Always true.', { constant: true }),
      entry(['sea'], 'off', { enabled: false }),
      entry(['sea'], 'off too', { disable: true }),
    );
    expect(fired(lore, ['the sea'])).toEqual(['Always true.']);
  });

  it('honours @@activate and @@dont_activate at the top of the content', () => {
    const lore = book(entry([], '@@activate\nForced.'), entry(['sea'], '@@dont_activate\nNever.'));
    expect(fired(lore, ['the sea'])).toEqual(['Forced.']);
  });

  it('reads a SillyTavern world file pasted into the card (an id → entry map, key/order/disable)', () => {
    const world = {
      entries: { 0: { uid: 0, key: ['moon'], content: 'Two moons.', order: 5 }, 1: { uid: 1, key: ['sun'], content: 'x', disable: true } },
    };
    expect(fired(world, ['the moon and the sun'])).toEqual(['Two moons.']);
  });

  it('puts an entry without a position after the character, as SillyTavern; extensions.position wins', () => {
    const read = readLorebook(
      book(
        entry(['a'], 'none'),
        entry(['a'], 'before', { position: 'before_char' }),
        entry(['a'], 'depth', { position: 'before_char', extensions: { position: 4, depth: 2, role: 1 } }),
      ),
    );
    expect(read.entries.map((e) => [e.position, e.depth, e.role])).toEqual([
      ['after_char', 4, 'system'],
      ['before_char', 4, 'system'],
      ['at_depth', 2, 'user'],
    ]);
  });

  it('fills macros in what an entry says', () => {
    expect(fired(book(entry(['lamp'], '{{char}} trims the lamp for {{user}}.')), ['lamp'])).toEqual(['Mira trims the lamp for Ada.']);
  });

  it('names the key that fired each entry, and why the others went in', () => {
    const result = scan(book(entry(['kraken', 'sea'], 'Sea.'), entry([], 'Constant.', { constant: true })), ['the sea']);
    expect(result.fired.map((f) => [f.content, f.key, f.reason])).toEqual([
      ['Sea.', 'sea', 'key'],
      ['Constant.', null, 'constant'],
    ]);
  });
});

describe('lorebook recursion', () => {
  const chain = book(
    entry(['tower'], 'The tower holds the lamp.'),
    entry(['lamp'], 'The lamp burns whale oil.'),
    entry(['whale'], 'Whales sing.'),
  );

  it("scans what entries added for further keys (SillyTavern's default)", () => {
    const result = scan(chain, ['the tower']);
    expect(result.fired.map((f) => [f.content, f.step])).toEqual([
      ['The tower holds the lamp.', 0],
      ['The lamp burns whale oil.', 1],
      ['Whales sing.', 2],
    ]);
  });

  it('stops at an entry that prevents recursion, skips one that excludes it, and is off when the book says so', () => {
    const prevent = book(
      entry(['tower'], 'The tower holds the lamp.', { extensions: { prevent_recursion: true } }),
      entry(['lamp'], 'Lamp.'),
    );
    expect(fired(prevent, ['the tower'])).toEqual(['The tower holds the lamp.']);
    const exclude = book(
      entry(['tower'], 'The tower holds the lamp.'),
      entry(['lamp'], 'Lamp.', { extensions: { exclude_recursion: true } }),
    );
    expect(fired(exclude, ['the tower'])).toEqual(['The tower holds the lamp.']);
    expect(fired(exclude, ['the tower and the lamp'])).toEqual(['The tower holds the lamp.', 'Lamp.']);
    expect(fired({ ...chain, recursive_scanning: false }, ['the tower'])).toEqual(['The tower holds the lamp.']);
  });

  it('lets a constant entry call up others, and delays an entry until recursion', () => {
    expect(fired(book(entry([], 'See the lamp.', { constant: true }), entry(['lamp'], 'Lamp.')), ['hi'])).toEqual([
      'See the lamp.',
      'Lamp.',
    ]);
    const delayed = book(
      entry(['lamp'], 'Lamp again.', { extensions: { delay_until_recursion: true } }),
      entry(['tower'], 'A lamp tower.'),
    );
    expect(fired(delayed, ['lamp tower'])).toEqual(['A lamp tower.', 'Lamp again.']);
  });

  it(`is bounded: a chain of 60 entries fires at most ${MAX_LORE_STEPS} steps`, () => {
    const long = book(...Array.from({ length: 60 }, (_, i) => entry([`k${i}`], `k${i + 1}`)));
    const result = scan(long, ['k0']);
    expect(result.fired).toHaveLength(MAX_LORE_STEPS);
    expect(Math.max(...result.fired.map((f) => f.step))).toBe(MAX_LORE_STEPS - 1);
  });
});

describe('lorebook chance and groups', () => {
  it("rolls an entry's probability with the injected dice (useProbability off: always)", () => {
    const lore = book(entry(['sea'], 'Maybe.', { extensions: { probability: 50, useProbability: true } }));
    expect(fired(lore, ['sea'], { random: values(0.4) })).toEqual(['Maybe.']);
    expect(fired(lore, ['sea'], { random: values(0.6) })).toEqual([]);
    expect(
      fired(book(entry(['sea'], 'Always.', { extensions: { probability: 10, useProbability: false } })), ['sea'], { random: values(0.99) }),
    ).toEqual(['Always.']);
  });

  it('lets one entry of an inclusion group in, drawn by weight', () => {
    const lore = book(
      entry(['sea'], 'Calm.', { extensions: { group: 'weather', group_weight: 75 } }),
      entry(['sea'], 'Storm.', { extensions: { group: 'weather', group_weight: 25 } }),
      entry(['sea'], 'Gulls.'),
    );
    expect(fired(lore, ['sea'], { random: values(0.5) })).toEqual(['Calm.', 'Gulls.']);
    expect(fired(lore, ['sea'], { random: values(0.9) })).toEqual(['Storm.', 'Gulls.']);
  });

  it('gives a group to its prioritised member (the highest order); a member out of one group no longer competes in another', () => {
    const lore = book(
      entry(['sea'], 'Low.', { insertion_order: 1, extensions: { group: 'weather, mood', group_override: true } }),
      entry(['sea'], 'High.', { insertion_order: 9, extensions: { group: 'weather', group_override: true } }),
      entry(['sea'], 'Other.', { insertion_order: 5, extensions: { group: 'mood' } }),
    );
    expect(fired(lore, ['sea'])).toEqual(['High.', 'Other.']);
  });

  it('leaves out a group member when another member went in on an earlier step', () => {
    const lore = book(
      entry(['sea'], 'The tide.', { extensions: { group: 'water' } }),
      entry(['tide'], 'Tide again.', { extensions: { group: 'water' } }),
    );
    expect(fired(lore, ['sea'])).toEqual(['The tide.']);
  });
});

describe('lorebook budget', () => {
  it('keeps the highest-order entries and stops at the first that does not fit, as SillyTavern', () => {
    const big = 'x'.repeat(400);
    const lore = book(
      entry(['k'], 'low', { insertion_order: 1 }),
      entry(['k'], big, { insertion_order: 5 }),
      entry(['k'], 'high', { insertion_order: 9 }),
    );
    expect(fired(lore, ['k'], { budget: estimateTokens('high') + estimateTokens(big) })).toEqual(['high', big]);
    expect(fired(lore, ['k'], { budget: estimateTokens('high') + 10 })).toEqual(['high']);
    expect(scan(lore, ['k'], { budget: 0 }).overflowed).toBe(true);
  });

  it("takes the book's token_budget as a cap too", () => {
    const lore = {
      ...book(entry(['k'], 'one', { insertion_order: 2 }), entry(['k'], 'two two two two', { insertion_order: 1 })),
      token_budget: estimateTokens('one'),
    };
    expect(readLorebook(lore).tokenBudget).toBe(estimateTokens('one'));
  });
});

describe('lorebook input', () => {
  it('ignores odd shapes without throwing', () => {
    const odd = [
      undefined,
      null,
      'book',
      [],
      { entries: 'x' },
      { entries: [null, 1, 'e', { keys: 'storm', content: 'x' }, { keys: ['storm'], content: 42 }, { keys: ['storm'], content: '  ' }] },
    ];
    for (const value of odd) expect(fired(value, ['storm'])).toEqual([]);
    fc.assert(
      fc.property(fc.anything(), fc.anything(), fc.array(fc.string()), (value, extensions, texts) => {
        const lore = {
          entries: [value, { keys: ['a'], content: 'b', extensions }],
          scan_depth: value,
          token_budget: value,
          recursive_scanning: value,
        };
        expect(Array.isArray(scan(lore, texts).fired)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});
