import { describe, expect, it } from 'vitest';
import {
  reasoningOf,
  thinkSplitter,
  thoughtLabel,
  withContinuedReasoning,
  withVersionReasoning,
  type ReplyPiece,
} from '@core/chat/reasoning';
import { parseChatJsonl, writeChatJsonl, type ArchiveChat } from '@core/chat/sillytavern';

/** The pieces a splitter gives for `chunks`, with neighbouring pieces of one kind joined. */
function split(chunks: string[]): { reasoning: string; text: string } {
  const think = thinkSplitter();
  const pieces: ReplyPiece[] = [...chunks.flatMap((chunk) => think.push(chunk)), ...think.end()];
  return {
    reasoning: pieces.map((piece) => (typeof piece === 'string' ? '' : piece.reasoning)).join(''),
    text: pieces.map((piece) => (typeof piece === 'string' ? piece : '')).join(''),
  };
}

describe('a leading <think> block', () => {
  it('is split off however the stream cuts its tags', () => {
    const whole = '  <think>\nPonder this.\n</think>\n\nThe answer.';
    for (let size = 1; size <= whole.length; size += 1) {
      const chunks = whole.match(new RegExp(`[\\s\\S]{1,${size}}`, 'g'))!;
      expect(split(chunks)).toEqual({ reasoning: '\nPonder this.\n', text: 'The answer.' });
    }
  });

  it('counts only at the start; an unclosed one is all reasoning', () => {
    expect(split(['Hi <think>no</think> there'])).toEqual({ reasoning: '', text: 'Hi <think>no</think> there' });
    expect(split(['<thin', 'king aloud'])).toEqual({ reasoning: '', text: '<thinking aloud' });
    expect(split(['<think>still going'])).toEqual({ reasoning: 'still going', text: '' });
    expect(split(['  '])).toEqual({ reasoning: '', text: '  ' });
  });

  it('never shows a part of the closing tag as reasoning', () => {
    const think = thinkSplitter();
    expect(think.push('<think>a</th')).toEqual([{ reasoning: 'a' }]);
    expect(think.push('ink>b')).toEqual(['b']);
  });
});

describe('reasoning per version', () => {
  const one = { text: 'one', duration_ms: 1000 };
  it('is kept index for index, without trailing empties', () => {
    expect(withVersionReasoning(undefined, 0, null)).toBeUndefined();
    expect(withVersionReasoning(undefined, 2, one)).toEqual([null, null, one]);
    expect(withVersionReasoning([one], 1, null)).toEqual([one]);
  });

  it('adds a continuation to what the version thought before', () => {
    expect(withContinuedReasoning([one], 0, { text: 'two', duration_ms: 500 })).toEqual([{ text: 'one\n\ntwo', duration_ms: 1500 }]);
    expect(withContinuedReasoning([one], 0, null)).toEqual([one]);
    expect(withContinuedReasoning(undefined, 0, { text: 'two' })).toEqual([{ text: 'two' }]);
  });

  it('is trimmed, and labelled with how long it took', () => {
    expect(reasoningOf('  \n ', 5)).toBeNull();
    expect(reasoningOf(' x ', 1234.4)).toEqual({ text: 'x', duration_ms: 1234 });
    expect(thoughtLabel({ text: 'x', duration_ms: 200 })).toBe('Thought for 1 s');
    expect(thoughtLabel({ text: 'x', duration_ms: 12_400 })).toBe('Thought for 12 s');
    expect(thoughtLabel({ text: 'x', duration_ms: 75_000 })).toBe('Thought for 1 min 15 s');
    expect(thoughtLabel({ text: 'x' })).toBe('Thoughts');
  });
});

describe("SillyTavern's extra.reasoning", () => {
  const chat: ArchiveChat = {
    userName: 'You',
    characterName: 'Sage',
    createdAt: '2025-01-01T00:00:00.000Z',
    messages: [
      { role: 'user', name: 'You', content: 'Well?', sendDate: '2025-01-01T00:00:01.000Z' },
      {
        role: 'assistant',
        name: 'Sage',
        content: 'No.',
        sendDate: '2025-01-01T00:00:02.000Z',
        swipes: ['Yes.', 'No.', 'Maybe.'],
        swipeId: 1,
        reasoning: [{ text: 'Weighing.', duration_ms: 3000 }, { text: 'Again.' }],
      },
      { role: 'assistant', name: 'Sage', content: 'Solo.', sendDate: '2025-01-01T00:00:03.000Z', reasoning: [{ text: 'Alone.' }] },
    ],
  };

  it('is written on the shown version and in each swipe_info, and read back the same', () => {
    const file = writeChatJsonl(chat);
    const lines = file
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines[2].extra).toEqual({ reasoning: 'Again.' });
    expect(lines[2].swipe_info.map((info: { extra: unknown }) => info.extra)).toEqual([
      { reasoning: 'Weighing.', reasoning_duration: 3000 },
      { reasoning: 'Again.' },
      {},
    ]);
    expect(lines[3].extra).toEqual({ reasoning: 'Alone.' });
    // What the line held besides the fields read is kept apart (fileFields) to be written back.
    expect(parseChatJsonl(file).messages.map(({ fileFields: _kept, ...message }) => message)).toEqual(chat.messages);
    expect(writeChatJsonl(parseChatJsonl(file))).toBe(file);
  });

  it("reads a SillyTavern line's reasoning, the shown version's from extra", () => {
    const line = JSON.stringify({
      name: 'Sage',
      is_user: false,
      mes: 'B',
      swipe_id: 1,
      swipes: ['A', 'B'],
      extra: { reasoning: 'Shown.', reasoning_duration: 2500, reasoning_type: 'model' },
      swipe_info: [{ extra: { reasoning: 'First.' } }, { extra: {} }],
    });
    const [message] = parseChatJsonl(`{"user_name":"You","character_name":"Sage"}\n${line}\n`).messages;
    expect(message!.reasoning).toEqual([{ text: 'First.' }, { text: 'Shown.', duration_ms: 2500 }]);
  });
});
