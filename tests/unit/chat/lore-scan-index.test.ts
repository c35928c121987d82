/**
 * The lorebook scan's indexes and caches give the answers of the rules read plainly: word runs and
 * character pairs of a scanned text, keys prepared once per process, keys filled once per scan,
 * entry hashes made when needed. Nothing of one card, book or chat carries into the next.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CharacterBook } from '@core/card/index';
import { compileRegexKey } from '@core/card/regexKeys';
import { buildPrompt, estimateTokens, hashString, readLorebook, scanLore, type BuildPromptInput } from '@core/chat/index';
import { Haystack, keyMatches } from '@core/chat/lore/scan';
import { entryHash } from '@core/chat/lore/timed';
import { book, entry } from './loreSupport';
import { card } from './promptSupport';

type Options = { caseSensitive: boolean | null; wholeWords: boolean | null };

/** SillyTavern's key rules written plainly, one search per key and text: what the indexed scan must answer. */
function plainMatch(text: string, key: string, { caseSensitive, wholeWords }: Options): boolean {
  const regex = compileRegexKey(key);
  if (regex) return regex.ok && regex.key.test(text);
  const haystack = caseSensitive ? text : text.toLowerCase();
  const needle = caseSensitive ? key : key.toLowerCase();
  if (!(wholeWords ?? true) || /\s/.test(needle)) return haystack.includes(needle);
  const isWord = (char: string | undefined) => char !== undefined && /[A-Za-z0-9_]/.test(char);
  for (let at = haystack.indexOf(needle); needle !== '' && at !== -1; at = haystack.indexOf(needle, at + 1)) {
    if (!isWord(haystack[at - 1]) && !isWord(haystack[at + needle.length])) return true;
  }
  return false;
}

// Pieces that meet the rules' edges: case, word characters, Unicode that lower-cases oddly, surrogates.
const PIECES = [
  'Mira',
  'mira',
  'art',
  'start',
  'old tower',
  'Gull Rock',
  'gull',
  '_',
  'x_y',
  '9',
  'café',
  'İ',
  'ſ',
  'K',
  '\u212a',
  'ß',
  '😀',
];
const GLUE = [' ', '  ', ', ', '.', '-', '\n', '', ':', "'"];
const PATTERNS = ['/drag(on|ons)\\b/i', '/Mira:\\s+hello/', '/^old/m', '/gull rock/i', '/ca.é/', '/(?=x)/', '/[a-/'];
const text = fc
  .array(fc.tuple(fc.constantFrom(...PIECES, 'dragons', 'hello'), fc.constantFrom(...GLUE)), { maxLength: 12 })
  .map((parts) => parts.flat().join(''));
const option = fc.constantFrom(true, false, null);
const options = fc.record({ caseSensitive: option, wholeWords: option });

/** Keys from the text itself (so many are in it), from the pieces, and patterns. */
const keysFor = (scanned: string) =>
  fc.array(
    fc.oneof(
      // A key is trimmed and never empty (readLorebook drops those).
      fc
        .tuple(fc.nat(scanned.length), fc.integer({ min: 1, max: 12 }))
        .map(([at, length]) => scanned.slice(at, at + length).trim() || 'gull'),
      fc.constantFrom(...PIECES, ...PATTERNS, 'old towers', 'rock', 'ca'),
    ),
    { minLength: 1, maxLength: 10 },
  );

describe('the indexed key search', () => {
  it('answers as the rules read plainly, for every key, case and whole-word option, on one scanned text', () => {
    fc.assert(
      fc.property(
        text.chain((scanned) =>
          fc.tuple(fc.constant(scanned), fc.array(fc.tuple(keysFor(scanned), options), { minLength: 1, maxLength: 4 })),
        ),
        ([scanned, checks]) => {
          // One haystack for every key: its word runs and pairs, made once, serve them all.
          const haystack = new Haystack(scanned);
          for (const [keys, rules] of checks) {
            for (const key of keys)
              expect(keyMatches(haystack, key, rules), `${JSON.stringify(key)} in ${JSON.stringify(scanned)}`).toBe(
                plainMatch(scanned, key, rules),
              );
          }
        },
      ),
      { numRuns: 400 },
    );
  });

  it('finds a key of several words wherever it is, whatever characters surround it (pairs only rule out)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), fc.nat(40), fc.integer({ min: 2, max: 10 }), (scanned, at, length) => {
        const key = scanned.slice(at, at + length);
        // A key written as /pattern/ is a regular expression, not text to find.
        fc.pre(key.length >= 2 && !compileRegexKey(key));
        expect(keyMatches(new Haystack(scanned), key, { caseSensitive: true, wholeWords: false })).toBe(true);
        // Lower-casing both sides, as SillyTavern does, can part a key from its own text: a key that
        // cuts a character in half ('\udc00' of an upper-case '\u{10400}'), or a final sigma.
        const loose = { caseSensitive: null, wholeWords: false };
        expect(keyMatches(new Haystack(scanned), key, loose)).toBe(plainMatch(scanned, key, loose));
      }),
      // The case that found a key cut from the middle of a character, tried on every run.
      { examples: [['\u{10000}\u{10400}\u0000', 3, 2]] },
    );
  });

  it("keeps no entry's rules with a key prepared once: the same key is strict for one entry and loose for the next", () => {
    const haystack = new Haystack('off gull rock, starting');
    expect(keyMatches(haystack, 'Gull Rock', { caseSensitive: true, wholeWords: null })).toBe(false);
    expect(keyMatches(haystack, 'Gull Rock', { caseSensitive: null, wholeWords: null })).toBe(true);
    expect(keyMatches(haystack, 'start', { caseSensitive: null, wholeWords: null })).toBe(false);
    expect(keyMatches(haystack, 'start', { caseSensitive: null, wholeWords: false })).toBe(true);
  });

  it("searches a key too long to keep prepared (a hostile card's) by the same rules, every time", () => {
    const long = `${'the old tower '.repeat(10)}stands`;
    const haystack = new Haystack(`Mira: ${long.toUpperCase()} still`);
    for (let i = 0; i < 2; i++) {
      expect(keyMatches(haystack, long, { caseSensitive: null, wholeWords: null })).toBe(true);
      expect(keyMatches(haystack, long, { caseSensitive: true, wholeWords: null })).toBe(false);
      expect(keyMatches(haystack, `${long}s`, { caseSensitive: null, wholeWords: null })).toBe(false);
    }
  });
});

describe('one scan to the next', () => {
  const input = (name: string, said: string, characterBook: unknown): BuildPromptInput => ({
    card: { data: { ...card({ name }).data, character_book: characterBook as CharacterBook } },
    userName: 'Ada',
    history: [{ role: 'user', content: said }],
    contextTokens: 4000,
    replyTokens: 100,
  });
  const loreIn = (built: ReturnType<typeof buildPrompt>) =>
    built.parts.filter((part) => part.kind === 'lore').map((part) => part.lore?.key);

  it("fills a key's macros for each prompt: a key naming {{char}} follows the card, not the card before it", () => {
    // The very same book object, as a caller keeping cards in memory would pass it.
    const shared = book(entry(['{{char}}'], 'About the character.'));
    expect(loreIn(buildPrompt(input('Mira', 'Hello Mira', shared)))).toEqual(['{{char}}']);
    expect(loreIn(buildPrompt(input('Bram', 'Hello Mira', shared)))).toEqual([]);
    expect(loreIn(buildPrompt(input('Bram', 'Hello Bram', shared)))).toEqual(['{{char}}']);
  });

  it('searches each chat afresh: what a key found in one chat is not carried into the next', () => {
    const shared = book(entry(['lantern', 'old tower'], 'Light.'));
    expect(loreIn(buildPrompt(input('Mira', 'the old tower', shared)))).toEqual(['old tower']);
    expect(loreIn(buildPrompt(input('Mira', 'a lantern', shared)))).toEqual(['lantern']);
    expect(loreIn(buildPrompt(input('Mira', 'nothing here', shared)))).toEqual([]);
  });

  it('fills each key once per scan, when first looked for and no sooner (so its dice come in the same order)', () => {
    const filled: string[] = [];
    const fill = (text: string) => {
      if (text.startsWith('{{')) filled.push(text);
      return text === '{{first}}' ? 'moon' : text === '{{second}}' ? 'sun' : text;
    };
    const lore = readLorebook(
      book(
        entry(['{{first}}', '{{second}}'], 'A', { insertion_order: 20 }),
        entry(['{{first}}'], 'B', { insertion_order: 10 }),
        entry(['{{third}}'], 'C', { insertion_order: 5, extensions: { scan_depth: 0 } }),
      ),
    );
    const result = scanLore({
      book: lore,
      messages: ['the moon'],
      budget: Infinity,
      random: () => 0,
      fill,
      timed: { sticky: {}, cooldown: {} },
      chatLength: 1,
    });
    expect(result.fired.map((f) => f.content)).toEqual(['A', 'B']);
    // '{{second}}' is never needed: A went in on '{{first}}'. C scans nothing, yet its key is filled, as before.
    expect(filled).toEqual(['{{first}}', '{{third}}']);
  });
});

describe('what the scan no longer does for every entry of every prompt', () => {
  it('hashes an entry with a timed effect as chats have stored it (the entry as the book holds it), others as 0', () => {
    const raw = { keys: ['a'], content: 'x', enabled: true, extensions: { sticky: 2 } };
    const [read] = readLorebook({ entries: [raw] }).entries;
    expect(entryHash(read!)).toBe(hashString(JSON.stringify(raw)));
    expect(entryHash(readLorebook({ entries: [raw] }).entries[0]!)).toBe(entryHash(read!));
    expect(entryHash(readLorebook({ entries: [{ ...raw, content: 'y' }] }).entries[0]!)).not.toBe(entryHash(read!));
    expect(entryHash(readLorebook({ entries: [{ keys: ['a'], content: 'x' }] }).entries[0]!)).toBe(0);
  });

  it('estimates tokens as counting each character: ASCII at 3.5 a token, every other UTF-16 unit as one', () => {
    const perCharacter = (value: string) => {
      let ascii = 0;
      for (const unit of value.split('')) if (unit.charCodeAt(0) < 0x80) ascii++;
      return Math.ceil(ascii / 3.5) + value.length - ascii;
    };
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (value) => {
        expect(estimateTokens(value)).toBe(perCharacter(value));
      }),
    );
    expect(estimateTokens('café 😀 日本')).toBe(perCharacter('café 😀 日本'));
  });
});
