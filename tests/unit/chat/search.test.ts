import { describe, expect, it } from 'vitest';
import { matchesTerms, searchSnippet, searchTerms } from '@core/chat/search';

describe('a search inside chats', () => {
  it('reads only words from any text: quotes, operators and wildcards separate them', () => {
    expect(searchTerms('  "Croissant"  AND   pain_au*chocolat% ')).toEqual(['croissant', 'and', 'pain', 'au', 'chocolat']);
    expect(searchTerms('NEAR(a b) owner:x ^body -- ; drop')).toEqual(['near', 'a', 'b', 'owner', 'x', 'body', 'drop']);
    expect(searchTerms('שלום עולם 東京 naïve')).toEqual(['שלום', 'עולם', '東京', 'naïve']);
    expect(searchTerms('%_* "" ()')).toEqual([]);
    expect(searchTerms('one two three four five six seven eight nine ten')).toHaveLength(8);
  });

  it('finds a message holding every word, the last as the start of one once it has three letters', () => {
    const text = 'The last **croissant** is yours, and a pain au chocolat.';
    expect(matchesTerms(text, searchTerms('croissant yours'))).toBe(true);
    expect(matchesTerms(text, searchTerms('CROISS'))).toBe(true);
    expect(matchesTerms(text, searchTerms('crois yours'))).toBe(false);
    expect(matchesTerms(text, searchTerms('cr'))).toBe(false);
    expect(matchesTerms(text, searchTerms('au'))).toBe(true);
    expect(matchesTerms(text, searchTerms('croissant tomorrow'))).toBe(false);
    expect(matchesTerms('Café au lait', searchTerms('cafe'))).toBe(false);
  });

  it('shows a one-line piece around the first word found, marked, with … where it was cut', () => {
    const long = `${'Once upon a time there was a quiet village. '.repeat(5)}Then the dragon\ncame. ${'Everyone ran. '.repeat(20)}`;
    const snippet = searchSnippet(long, ['dragon']);
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text).not.toContain('\n');
    expect(snippet.marks.map(([start, end]) => snippet.text.slice(start, end))).toEqual(['dragon']);
    expect(searchSnippet('İstanbul has a croissant', ['croissant']).marks).toEqual([[15, 24]]);
  });
});
