// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { normalizeCard } from '@core/card/index';
import { buildGroupPrompt, GROUP_NUDGE, othersLine } from '@core/group/index';

const card = normalizeCard({ name: 'Alice', description: 'Alice is {{char}}, a curious girl.', first_mes: 'Hi' }).card;
const base = {
  card,
  userName: 'Sam',
  contextTokens: 8000,
  replyTokens: 500,
  speakerName: 'Alice',
  others: ['Bob', 'Carol'],
  history: [
    { role: 'user' as const, content: 'Hello both', name: 'Sam' },
    { role: 'assistant' as const, content: 'Hey.', name: 'Bob' },
  ],
};

describe('the group prompt', () => {
  it("uses the speaker's card, names the others after it, prefixes each message with its speaker and ends with the nudge", () => {
    const prompt = buildGroupPrompt(base);
    const texts = prompt.messages.map((m) => m.content);
    expect(texts.some((t) => t.includes('Alice is Alice, a curious girl.'))).toBe(true);
    const line = texts.indexOf('[Alice is in a group chat with Bob and Carol.]');
    expect(line).toBeGreaterThan(texts.findIndex((t) => t.includes('curious girl')));
    expect(line).toBeLessThan(texts.indexOf('[Start a new Chat]'));
    expect(prompt.messages.slice(-3)).toEqual([
      { role: 'user', content: 'Sam: Hello both' },
      { role: 'assistant', content: 'Bob: Hey.' },
      { role: 'system', content: '[Write the next reply only as Alice.]' },
    ]);
    expect(GROUP_NUDGE).toBe('[Write the next reply only as {{char}}.]');
  });

  it('keeps its parts pointing at their messages', () => {
    const prompt = buildGroupPrompt(base);
    for (const part of prompt.parts) if (part.message !== null) expect(prompt.messages[part.message]).toBeDefined();
    const group = prompt.parts.find((p) => p.kind === 'group')!;
    expect(prompt.messages[group.message!]!.content).toContain('group chat with');
    const nudge = prompt.parts.find((p) => p.kind === 'group_nudge')!;
    expect(nudge.message).toBe(prompt.messages.length - 1);
    const history = prompt.parts.find((p) => p.kind === 'history' && p.message !== null)!;
    expect(prompt.messages[history.message!]!.content).toBe('Sam: Hello both');
    expect(history.history).toEqual({ from: 0, to: 2 });
  });

  it('leaves the nudge out when continuing, so the prompt ends with the unfinished reply', () => {
    const prompt = buildGroupPrompt({ ...base, continuation: 'Well' });
    expect(prompt.messages.at(-1)).toEqual({ role: 'assistant', content: 'Well' });
    expect(prompt.parts.some((p) => p.kind === 'group_nudge')).toBe(false);
  });

  it('writes the others line for one, two and more', () => {
    expect(othersLine('A', [])).toBe('');
    expect(othersLine('A', ['B'])).toBe('[A is in a group chat with B.]');
    expect(othersLine('A', ['B', 'C', 'D'])).toBe('[A is in a group chat with B, C and D.]');
  });

  it('stays within the budget with its two lines', () => {
    const long = Array.from({ length: 300 }, (_, i) => ({ role: 'user' as const, content: `message ${i} `.repeat(20), name: 'Sam' }));
    const prompt = buildGroupPrompt({ ...base, history: long, contextTokens: 3000 });
    expect(prompt.estimatedTokens).toBeLessThanOrEqual(2500);
  });
});
