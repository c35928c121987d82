import { describe, expect, it } from 'vitest';
import {
  buildPrompt,
  demoSummary,
  NEW_CHAT_MARKER,
  SUMMARY_KEY,
  summaryDue,
  summaryOf,
  summaryRequest,
  withSummary,
  type ChatSummaryState,
} from '@core/chat/index';
import { SUMMARY_LIMITS } from '@core/contract/constants';
import { card, chat } from './promptSupport';

const keeper = card({ description: 'A lighthouse keeper.', mes_example: '<START>\n{{char}}: Hello.' });
const state = (over: Partial<ChatSummaryState> = {}): ChatSummaryState => ({
  text: '',
  off: false,
  covers: 0,
  updated_at: null,
  demo: false,
  ...over,
});

describe('buildPrompt: the running summary', () => {
  it('goes where the dropped history was: after the start of the chat, before the history kept, as a part of its own', () => {
    const history = chat(...Array.from({ length: 30 }, (_, i) => `message ${i} ${'words '.repeat(20)}`));
    const result = buildPrompt({ card: keeper, userName: 'Ada', history, contextTokens: 1200, replyTokens: 200, summary: 'Ilse left.' });
    const contents = result.messages.map((message) => message.content);
    const at = contents.indexOf('[Summary: Ilse left.]');
    expect(at).toBe(contents.indexOf(NEW_CHAT_MARKER) + 1);
    expect(contents[at + 1]).toMatch(/^message \d+/);
    expect(result.droppedHistory).toBeGreaterThan(0);
    expect(result.parts.find((part) => part.kind === 'summary')).toMatchObject({ message: at });
    expect(result.estimatedTokens).toBeLessThanOrEqual(1000);
  });

  it('is fitted with the card: a long summary is cut, history goes first, and the newest message stays', () => {
    const history = chat(...Array.from({ length: 30 }, (_, i) => `message ${i} ${'words '.repeat(20)}`));
    const summary = 'The tide turned and the lamp went out. '.repeat(100);
    const result = buildPrompt({ card: keeper, userName: 'Ada', history, contextTokens: 1000, replyTokens: 200, summary });
    expect(result.estimatedTokens).toBeLessThanOrEqual(800);
    expect(result.parts.find((part) => part.kind === 'summary')).toMatchObject({ cut: true });
    expect(result.messages.at(-1)!.content).toContain('message 29');
  });

  it('adds nothing without a summary', () => {
    const result = buildPrompt({ card: keeper, userName: 'Ada', history: chat('hi'), contextTokens: 9000, replyTokens: 100, summary: '' });
    expect(result.parts.some((part) => part.kind === 'summary')).toBe(false);
  });
});

describe("the summary in a chat's chat_metadata", () => {
  it('reads what it holds, bounded, and reads anything odd as none', () => {
    const long = 'x'.repeat(SUMMARY_LIMITS.textChars + 10);
    const read = summaryOf({ [SUMMARY_KEY]: { text: long, off: true, covers: 12.7, updated_at: '2026-01-01T00:00:00Z', demo: true } });
    expect(read).toEqual({
      text: long.slice(0, SUMMARY_LIMITS.textChars),
      off: true,
      covers: 12,
      updated_at: '2026-01-01T00:00:00Z',
      demo: true,
    });
    expect(summaryOf({ [SUMMARY_KEY]: 'nonsense' })).toEqual(state());
    expect(summaryOf(null)).toEqual(state());
    expect(summaryOf({ [SUMMARY_KEY]: { covers: -4, off: 'yes' } })).toEqual(state());
  });

  it('is written beside the other keys and removed when empty and on', () => {
    const written = withSummary({ note_prompt: 'kept' }, state({ text: 'Ilse left.', covers: 10 }));
    expect(written).toEqual({ note_prompt: 'kept', [SUMMARY_KEY]: state({ text: 'Ilse left.', covers: 10 }) });
    expect(withSummary(written, state())).toEqual({ note_prompt: 'kept' });
    expect(withSummary({}, state({ off: true }))).toEqual({ [SUMMARY_KEY]: state({ off: true }) });
  });
});

describe('when a summary is asked for', () => {
  it('at once when history starts to fall out, then once ten more messages have, never while off', () => {
    expect(summaryDue(state(), 0)).toBeNull();
    expect(summaryDue(state(), 3)).toBe(3);
    expect(summaryDue(state({ covers: 3 }), 12)).toBeNull();
    expect(summaryDue(state({ covers: 3 }), 13)).toBe(13);
    expect(summaryDue(state({ off: true }), 30)).toBeNull();
  });

  it('sends the summary so far, the messages to take in with who said them, then SillyTavern’s instruction', () => {
    const request = summaryRequest('Ilse left.', [
      { role: 'user', name: 'Ada', content: 'Where is she?' },
      { role: 'assistant', name: 'Mira', content: 'Gone.' },
    ]);
    expect(request.map((message) => message.content)).toEqual([
      '[Summary of the story so far: Ilse left.]',
      'Ada: Where is she?',
      'Mira: Gone.',
      expect.stringContaining('Summarize the most important facts and events in the story so far'),
    ]);
    expect(summaryRequest('', [])).toHaveLength(1);
  });

  it('says a demo summary is a demo', () => {
    expect(demoSummary(4)).toMatch(/^This is a demo summary/);
    expect(demoSummary(1)).toContain('1 older message that');
  });
});
