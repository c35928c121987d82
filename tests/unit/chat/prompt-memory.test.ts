import { describe, expect, it } from 'vitest';
import { buildPrompt, memoriesOf, MEMORIES_KEY, withMemories } from '@core/chat/index';
import { MEMORY_LIMITS } from '@core/contract/constants';
import { card, chat } from './promptSupport';

const keeper = card({ description: 'A lighthouse keeper.', scenario: 'A storm.', mes_example: '<START>\n{{char}}: Hello.' });

describe('buildPrompt: pinned memories', () => {
  it('puts them in one delimited section after the card and before the examples, as a part of their own', () => {
    const result = buildPrompt({
      card: keeper,
      userName: 'Ada',
      history: chat('hi'),
      contextTokens: 9000,
      replyTokens: 100,
      memories: ['Ilse is her sister.', '  ', 'The lamp is red.'],
    });
    const contents = result.messages.map((message) => message.content);
    const at = contents.indexOf('[Pinned memories of this chat:\n- Ilse is her sister.\n- The lamp is red.]');
    expect(at).toBeGreaterThan(contents.indexOf('[Circumstances and context of the dialogue: A storm.]'));
    expect(at).toBeLessThan(contents.findIndex((text) => text.startsWith('[Example Chat]')));
    expect(result.parts.find((part) => part.kind === 'memory')).toMatchObject({ message: at, count: 2 });
  });

  it('adds nothing without memories', () => {
    const result = buildPrompt({ card: keeper, userName: 'Ada', history: chat('hi'), contextTokens: 9000, replyTokens: 100, memories: [] });
    expect(result.parts.some((part) => part.kind === 'memory')).toBe(false);
  });

  it('stays within the budget: history and examples go before the memories do, and long memories are cut with the card', () => {
    const long = Array.from({ length: 40 }, (_, i) => `Fact ${i}: ${'the tide turns twice a day. '.repeat(4)}`);
    const history = chat(...Array.from({ length: 30 }, (_, i) => `message ${i} ${'words '.repeat(20)}`));
    const result = buildPrompt({ card: keeper, userName: 'Ada', history, contextTokens: 2000, replyTokens: 200, memories: long });
    expect(result.estimatedTokens).toBeLessThanOrEqual(1800);
    const memory = result.parts.find((part) => part.kind === 'memory')!;
    expect(memory.message).not.toBeNull();
    expect(memory.cut).toBe(true);
    expect(result.droppedHistory).toBeGreaterThan(0);
    expect(result.messages.at(-1)!.content).toContain('message 29');
  });
});

describe("memories in a chat's chat_metadata", () => {
  it('reads only well-formed memories, bounded in count and length, and writes them beside the other keys', () => {
    const metadata = {
      note_prompt: 'kept',
      [MEMORIES_KEY]: [
        { id: 'a', text: 'x'.repeat(MEMORY_LIMITS.textChars + 50), message_id: 'm1', created_at: '2026-01-01T00:00:00Z' },
        { id: 'a', text: 'same id again' },
        { text: 7 },
        'nonsense',
        ...Array.from({ length: MEMORY_LIMITS.count + 5 }, (_, i) => ({ id: `n${i}`, text: `Fact ${i}` })),
      ],
    };
    const read = memoriesOf(metadata);
    expect(read).toHaveLength(MEMORY_LIMITS.count);
    expect(read[0]!.text).toHaveLength(MEMORY_LIMITS.textChars);
    expect(read[1]!.id).not.toBe('a');
    expect(memoriesOf({ [MEMORIES_KEY]: 'no' })).toEqual([]);
    expect(memoriesOf(null)).toEqual([]);
    expect(withMemories(metadata, [])).toEqual({ note_prompt: 'kept' });
    expect(memoriesOf(withMemories({ note_prompt: 'kept' }, read.slice(0, 1)))).toEqual(read.slice(0, 1));
  });
});
