import { describe, expect, it } from 'vitest';
import { partRow } from '../../src/features/chat/memory/promptParts';

describe("the Prompt view's rows", () => {
  it('names a lorebook entry and the key that fired it, or why it is on without one', () => {
    const lore = { id: '1', comment: 'Storms', key: 'storm', reason: 'key' as const, position: 'before_char' as const, step: 0 };
    expect(partRow({ kind: 'lore', message: 1, tokens: 12, lore })).toEqual({
      label: 'Lorebook entry',
      detail: 'Storms: fired by “storm”',
      tokens: 12,
    });
    expect(partRow({ kind: 'lore', message: 1, tokens: 5, lore: { ...lore, step: 1 } }).detail).toBe(
      'Storms: fired by “storm” in another entry',
    );
    expect(partRow({ kind: 'lore', message: 1, tokens: 5, lore: { ...lore, comment: '', key: null, reason: 'constant' } }).detail).toBe(
      'always on',
    );
  });

  it('says how much history was kept and how many older messages were left out, at no cost', () => {
    expect(partRow({ kind: 'history', message: 5, tokens: 300, history: { from: 40, to: 52 } })).toEqual({
      label: 'Chat history',
      detail: '12 messages kept',
      tokens: 300,
    });
    expect(partRow({ kind: 'history', message: null, tokens: 0, dropped: 40 })).toEqual({
      label: 'Older messages left out',
      detail: '40 messages',
      tokens: null,
    });
    expect(partRow({ kind: 'examples', message: null, tokens: 0, dropped: 1 }).detail).toBe('1 block');
  });

  it('places an inserted part by its depth, and says when a part was cut to fit', () => {
    expect(partRow({ kind: 'character_note', message: 6, tokens: 9, depth: 4, role: 'system' }).detail).toBe('4 messages from the end');
    expect(partRow({ kind: 'character_note', message: 6, tokens: 9, depth: 0, role: 'system' }).detail).toBe('after the last message');
    expect(partRow({ kind: 'description', message: 2, tokens: 900, cut: true })).toEqual({
      label: 'Description',
      detail: 'cut short to fit',
      tokens: 900,
    });
  });
});
