import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeCard } from '@core/card/index';
import { loreWarnings } from '@core/card/loreWarnings';
import { compileRegexKey, isRegexKey, MAX_REGEX_KEY_CHARS, requiredLiteral } from '@core/card/regexKeys';

const withBook = (entries: unknown) =>
  normalizeCard({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Mira', character_book: { entries } } }).card;

describe("a lorebook's regular-expression keys", () => {
  it('are keys shaped /pattern/flags, as SillyTavern reads them', () => {
    expect(['/dragon/', '/drag(on|ons)/gi', '/a\\/b/'].map(isRegexKey)).toEqual([true, true, true]);
    expect(['dragon', '/', '//', '/a/b/', '/x/q'].map(isRegexKey)).toEqual([false, false, false, false, false]);
  });

  it('run through RE2: supported patterns compile, and what RE2 cannot run is refused with a reason', () => {
    expect(compileRegexKey('/drag(on|ons)/i')).toMatchObject({ ok: true });
    expect(compileRegexKey('/(?=x)/')).toMatchObject({ ok: false });
    expect(compileRegexKey('/(a)\\1/')).toMatchObject({ ok: false });
    expect(compileRegexKey(`/${'a'.repeat(MAX_REGEX_KEY_CHARS + 1)}/`)).toEqual({
      ok: false,
      reason: `longer than ${MAX_REGEX_KEY_CHARS} characters`,
    });
    expect(compileRegexKey('/((((a{100}){100}){100}){100})/')).toMatchObject({ ok: false });
    expect(compileRegexKey('plain')).toBeNull();
  });

  it("are named in the card's warnings when they cannot run, primary and secondary keys alike", () => {
    const card = withBook([
      { keys: ['storm', '/(?<=sea)wave/'], content: 'x' },
      { keys: ['/ok/i'], secondary_keys: ['/[unclosed/'], content: 'y' },
      { keys: ['fine'], content: 'z' },
    ]);
    expect(loreWarnings(card).map(({ entry, key }) => [entry, key])).toEqual([
      [0, '/(?<=sea)wave/'],
      [1, '/[unclosed/'],
    ]);
    expect(loreWarnings(card)[1]!.message).toMatch(
      /^The key \/\[unclosed\/ is not a pattern cardchat can run \(.+\), so it never matches\.$/,
    );
    expect(loreWarnings(withBook('odd'))).toEqual([]);
  });
});

describe('the plain text a regular-expression key needs', () => {
  it('is read from the pattern only where every match must contain it', () => {
    expect(requiredLiteral('\\bdragons?\\b', true)).toBe('dragon');
    expect(requiredLiteral('the old tower', false)).toBe('the old tower');
    expect(requiredLiteral('Sir (Lancelot|Galahad)', false)).toBe('Sir ');
    expect(requiredLiteral('cat|dog', true)).toBeNull();
    expect(requiredLiteral('colou?r', true)).toBe('colo');
    expect(requiredLiteral('\\x41pple', false)).toBeNull();
    expect(requiredLiteral('(?i)ABC', false)).toBeNull();
    // Case-insensitively, s and k end a run: Unicode folds ſ and the Kelvin sign onto them.
    expect(requiredLiteral('keepsake', true)).toBe('eep');
  });

  it('never rules out a text the pattern matches', () => {
    const patterns = [
      '\\bdragons?\\b',
      'a+b',
      'colou?r',
      'x(yz)*w',
      'Sir (Lancelot|Galahad)',
      'st[aeiou]rm',
      'ab{2}c',
      'harbour\\.',
      'k.s',
    ];
    const texts = fc.stringMatching(/^[a-zA-Z .()ſK\u212A|+?]{0,30}$/);
    fc.assert(
      fc.property(fc.constantFrom(...patterns), fc.boolean(), texts, (pattern, insensitive, text) => {
        const compiled = compileRegexKey(`/${pattern}/${insensitive ? 'i' : ''}`);
        if (!compiled?.ok) return;
        const literal = requiredLiteral(pattern, insensitive);
        if (literal !== null && compiled.key.test(text)) expect((insensitive ? text.toLowerCase() : text).includes(literal)).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
