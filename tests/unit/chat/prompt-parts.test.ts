import { describe, expect, it } from 'vitest';
import { buildPrompt, estimateMessageTokens } from '@core/chat/index';
import { card, chat } from './promptSupport';

const rich = card({
  description: 'Desc.',
  personality: 'wry',
  scenario: 'A storm.',
  mes_example: '<START>\n{{char}}: One.\n<START>\n{{char}}: Two.',
  post_history_instructions: 'Stay.',
  extensions: { depth_prompt: { prompt: 'Note.', depth: 1 } },
  character_book: {
    entries: [
      { id: 10, comment: 'Storms', keys: ['kraken', 'storm'], content: 'Storm lore.', enabled: true, position: 'before_char' },
      { id: 11, keys: ['lore'], content: 'Deep lore.', enabled: true, extensions: { position: 4, depth: 0, role: 1 } },
    ],
  },
});

describe('buildPrompt: the parts of the prompt', () => {
  it("names every piece in the prompt's order, with the message holding it and its tokens", () => {
    const result = buildPrompt({
      card: rich,
      userName: 'Ada',
      history: chat('hm', 'a storm', 'ok'),
      contextTokens: 9000,
      replyTokens: 100,
      personaDescription: 'A pilot.',
    });
    expect(result.parts.map((part) => [part.kind, part.message])).toEqual([
      ['main', 0],
      ['lore', 1],
      ['persona', 2],
      ['description', 3],
      ['personality', 4],
      ['scenario', 5],
      ['examples', 6],
      ['examples', 7],
      ['new_chat', 8],
      ['history', 9],
      ['character_note', 11],
      ['history', 12],
      ['lore', 13],
      ['post_history', 14],
    ]);
    const lore = result.parts[1]!;
    expect(lore.lore).toEqual({ id: '10', comment: 'Storms', key: 'storm', reason: 'key', position: 'before_char', step: 0 });
    expect(result.parts[9]!.history).toEqual({ from: 0, to: 2 });
    expect(result.parts[11]).toMatchObject({ history: { from: 2, to: 3 } });
    expect(result.parts[10]).toMatchObject({ depth: 1, role: 'system' });
    expect(result.parts[12]).toMatchObject({ lore: { key: 'lore', reason: 'key', step: 1 }, depth: 0, role: 'user' });
    // A part that is a message of its own costs what the message costs.
    expect(result.parts[0]!.tokens).toBe(estimateMessageTokens(result.messages[0]!));
  });

  it('says what was left out: history messages and example blocks, and where they would have been', () => {
    const long = chat(...Array.from({ length: 30 }, (_, i) => `message ${i} ${'words '.repeat(10)}`));
    const result = buildPrompt({ card: rich, userName: 'Ada', history: long, contextTokens: 360, replyTokens: 100 });
    const left = result.parts.filter((part) => part.message === null);
    expect(left).toEqual([
      { kind: 'examples', tokens: 0, dropped: 2, message: null },
      { kind: 'history', tokens: 0, dropped: result.droppedHistory, message: null },
    ]);
    expect(result.droppedHistory).toBeGreaterThan(0);
  });

  it('returns the lorebook timed effects to keep with the chat', () => {
    const sticky = card({
      character_book: { entries: [{ id: 3, keys: ['storm'], content: 'S.', enabled: true, extensions: { sticky: 2 } }] },
    });
    const result = buildPrompt({
      card: sticky,
      userName: 'Ada',
      history: chat('storm'),
      contextTokens: 9000,
      replyTokens: 100,
      chatLength: 7,
    });
    expect(result.timedWorldInfo.sticky['character_book.3']).toMatchObject({ start: 7, end: 9 });
  });
});
