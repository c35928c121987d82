import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildPrompt, estimateMessageTokens, estimateTokens, LORE_BUDGET_SHARE, truncateToTokens } from '@core/chat/index';
import type { ChatRole } from '@core/contract';
import { build, card, chat, contents } from './promptSupport';

describe('buildPrompt: fitting the budget', () => {
  const history = chat('m0 storm', 'm1 aaaa', 'm2 bbbb', 'm3 cccc', 'm4 dddd', 'm5 newest');
  const needed = build({ history }).estimatedTokens;
  const withBudget = (budget: number) => build({ history, contextTokens: budget + 500 });

  it('drops the oldest history first once examples are gone, keeping the newest messages', () => {
    const examples = ['[Example Chat]\nAda: Who are you?\nMira: The keeper.', '[Example Chat]\nAda: Why?\nMira: Ships.'];
    const withoutExamples = needed - examples.reduce((sum, content) => sum + estimateMessageTokens({ content }), 0);
    const result = withBudget(withoutExamples - 1);
    expect(result.droppedExamples).toBe(2);
    expect(result.droppedHistory).toBe(1);
    expect(contents(result)).not.toContain('m0 storm');
    expect(contents(result)).toContain('m1 aaaa');
    expect(result.estimatedTokens).toBeLessThanOrEqual(withoutExamples - 1);
  });

  it('fills the history before the examples, as SillyTavern: a tight context keeps the chat, not six examples', () => {
    const blocks = Array.from(
      { length: 6 },
      (_, i) => `<START>\n{{user}}: Example question ${i}?\n{{char}}: ${'An example answer. '.repeat(6)}`,
    );
    const long = Array.from({ length: 40 }, (_, i) => ({
      role: (i % 2 ? 'assistant' : 'user') as ChatRole,
      content: `Message ${i}: ${'words '.repeat(8)}`,
    }));
    const result = buildPrompt({
      card: card({ mes_example: blocks.join('\n') }),
      userName: 'Ada',
      history: long,
      contextTokens: 1200,
      replyTokens: 300,
    });
    expect(result.droppedExamples).toBe(6);
    expect(result.droppedHistory).toBeLessThan(15);
    expect(result.estimatedTokens).toBeLessThanOrEqual(900);
  });

  it('skips an example block that does not fit and still sends a later, smaller one', () => {
    const big = `<START>\n{{char}}: ${'long '.repeat(200)}`;
    const result = buildPrompt({
      card: card({ mes_example: `${big}\n<START>\n{{char}}: Short.` }),
      userName: 'Ada',
      history: chat('hi'),
      contextTokens: 200 + 100,
      replyTokens: 100,
    });
    expect(contents(result)).toContain('[Example Chat]\nMira Vell: Short.');
    expect(result.droppedExamples).toBe(1);
  });

  it('cuts the longest card fields, each marked, to fit a budget the card alone would overflow; the newest message stays', () => {
    const huge = card({
      description: 'd'.repeat(20_000),
      personality: 'patient, wry',
      scenario: 's'.repeat(8_000),
      post_history_instructions: 'p'.repeat(30_000),
    });
    const result = buildPrompt({ card: huge, userName: 'Ada', history, contextTokens: 1_500, replyTokens: 500 });
    expect(result.estimatedTokens).toBeLessThanOrEqual(1_000);
    expect(result.estimatedTokens).toBe(result.messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0));
    const cut = (letter: string) => new RegExp(`${letter}+ \\[…\\]`).exec(contents(result).join('\n'))?.[0] ?? '';
    expect(contents(result)).toContain("[Mira Vell's personality: patient, wry]");
    for (const letter of ['d', 's', 'p']) expect(cut(letter)).not.toBe('');
    // The longest are cut to the same length, so none crowds the others out.
    expect(Math.abs(cut('d').length - cut('p').length)).toBeLessThan(8);
    expect(Math.abs(cut('d').length - cut('s').length)).toBeLessThan(48); // the scenario's wrapper is part of its text
    expect(['d', 's', 'p'].reduce((sum, letter) => sum + estimateTokens(cut(letter)), 0)).toBeGreaterThan(0.75 * 1_000 * 0.75);
    expect(contents(result)).toContain('m5 newest');
    expect(result.droppedHistory).toBeLessThan(history.length - 1);
    expect(result.parts.filter((part) => part.cut).map((part) => part.kind)).toEqual(['description', 'scenario', 'post_history']);
  });

  it('cuts a newest message over half the budget, marked, rather than sending too much', () => {
    const result = build({ history: chat('x'.repeat(10_000)), contextTokens: 1_500, replyTokens: 500 });
    const newest = result.messages.find((message) => message.role === 'user')!.content;
    expect(newest.endsWith(' […]')).toBe(true);
    expect(estimateTokens(newest)).toBeLessThanOrEqual(500);
    expect(result.estimatedTokens).toBeLessThanOrEqual(1_000);
  });

  it('cuts a text to a token count at a character, never inside a surrogate pair', () => {
    expect(truncateToTokens('short', 10, '[…]')).toBe('short');
    expect(truncateToTokens('😀'.repeat(10), 6, '[…]')).toBe('😀'.repeat(2) + ' […]');
    expect(truncateToTokens('abcdefgh', 1, '[…]')).toBe('');
    expect(estimateTokens(truncateToTokens('a'.repeat(1_000), 50, '[…]'))).toBeLessThanOrEqual(50);
  });

  it(`gives the lorebook at most ${LORE_BUDGET_SHARE * 100}% of the budget, the highest-order entries first`, () => {
    const entries = [1, 2, 3].map((order) => ({
      keys: ['k'],
      content: `Entry ${order}: ${'lore '.repeat(60)}`,
      insertion_order: order,
      enabled: true,
    }));
    const result = buildPrompt({
      card: card({ character_book: { entries } }),
      userName: 'Ada',
      history: chat('k'),
      contextTokens: 600,
      replyTokens: 100,
    });
    const lore = result.parts.filter((part) => part.kind === 'lore');
    expect(lore.map((part) => part.lore!.id)).toEqual(['2']);
    expect(lore.reduce((sum, part) => sum + part.tokens, 0)).toBeLessThanOrEqual(500 * LORE_BUDGET_SHARE);
  });

  it('stays within any budget of 16 tokens or more, whatever the card, its lorebook and the history', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 400 });
    const loreEntry = fc.record({
      keys: fc.array(fc.constantFrom('a', 'the', '/e/i', '{{user}}'), { maxLength: 2 }),
      content: text,
      constant: fc.boolean(),
      enabled: fc.constant(true),
      insertion_order: fc.integer({ min: 0, max: 5 }),
      extensions: fc.record({
        position: fc.integer({ min: 0, max: 6 }),
        depth: fc.integer({ min: 0, max: 8 }),
        role: fc.integer({ min: 0, max: 2 }),
      }),
    });
    const cards = fc
      .record({
        description: text,
        personality: text,
        scenario: text,
        system_prompt: text,
        post_history_instructions: text,
        mes_example: text,
        extensions: fc.record({
          depth_prompt: fc.record({ prompt: text, depth: fc.integer({ min: 0, max: 6 }), role: fc.constantFrom('system', 'user') }),
        }),
        character_book: fc.record({ entries: fc.array(loreEntry, { maxLength: 6 }) }),
      })
      .map(card);
    const message = fc.record({
      role: fc.constantFrom<ChatRole>('user', 'assistant', 'system'),
      content: fc.string({ unit: 'grapheme', maxLength: 300 }),
    });
    fc.assert(
      fc.property(
        cards,
        fc.array(message, { maxLength: 30 }),
        fc.integer({ min: 16, max: 3000 }),
        fc.string(),
        (drawn, history, budget, userName) => {
          const result = buildPrompt({ card: drawn, userName, history, contextTokens: budget + 200, replyTokens: 200, random: () => 0.5 });
          expect(result.estimatedTokens).toBeLessThanOrEqual(budget);
          expect(result.estimatedTokens).toBe(result.messages.reduce((sum, m) => sum + estimateMessageTokens(m), 0));
          expect(result.droppedHistory).toBeLessThanOrEqual(Math.max(0, history.length - 1));
        },
      ),
      { numRuns: 300 },
    );
  });
});
