import { describe, expect, it } from 'vitest';
import { normalizeCard } from '@core/card/index';
import { cardGreetings, greetingAt } from '@core/chat/index';

const card = normalizeCard({
  spec: 'chara_card_v2',
  data: {
    name: 'Mira',
    first_mes: 'Easy now, {{user}}.',
    alternate_greetings: ['  ', 'The fog is thick tonight.'],
    group_only_greetings: ['Welcome, all.'],
  },
}).card;

describe('card greetings', () => {
  it('lists first_mes then the alternates, numbered as greeting_index counts them, blank ones skipped', () => {
    expect(cardGreetings(card)).toEqual([
      { index: 0, text: 'Easy now, {{user}}.' },
      { index: 2, text: 'The fog is thick tonight.' },
    ]);
  });

  it('finds the greeting a greeting_index names, and nothing for blank, missing or odd indexes', () => {
    expect(greetingAt(card, 0)).toBe('Easy now, {{user}}.');
    expect(greetingAt(card, 2)).toBe('The fog is thick tonight.');
    for (const index of [1, 3, -1, 0.5, Number.NaN]) expect(greetingAt(card, index)).toBeUndefined();
  });

  it('offers nothing for a card without greetings, and never the group-only ones', () => {
    const bare = normalizeCard({ name: 'Bare' }).card;
    expect(cardGreetings(bare)).toEqual([]);
    expect(greetingAt(bare, 0)).toBeUndefined();
    expect(cardGreetings(card).map((greeting) => greeting.text)).not.toContain('Welcome, all.');
  });
});
