import { describe, expect, it } from 'vitest';
import { compileRegexKey, isRegexKey, loreWarnings, MAX_REGEX_KEY_CHARS, normalizeCard } from '../../../core/card/index';

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
