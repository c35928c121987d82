import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalMessage } from '../../src/db/db';
import { ReplyReasoning } from '../../src/features/chat/window/ReplyReasoning';
import { endStreamingText, reasoningKey, setStreamingText } from '../../src/sync/send/streamingText';

afterEach(cleanup);

const reply = (fields: Partial<LocalMessage>): LocalMessage => ({
  id: 'r1',
  chat_id: 'c1',
  seq: 1,
  role: 'assistant',
  content: 'Answer.',
  name: 'Sage',
  send_date: '2025-01-01T00:00:00.000Z',
  client_id: null,
  state: 'sent',
  ...fields,
});

const details = () => screen.getByText(/Thought|Thinking/).closest('details')!;

describe("a reply's reasoning", () => {
  it("is folded above the reply as 'Thought for N s', the shown version's own", () => {
    const { rerender } = render(
      <ReplyReasoning
        message={reply({ swipes: ['A', 'B'], swipe_id: 0, reasoning: [{ text: 'Pondering A.', duration_ms: 4200 }, { text: 'B!' }] })}
      />,
    );
    expect(screen.getByText('Thought for 4 s')).toBeTruthy();
    expect(details().open).toBe(false);
    expect(details().textContent).toContain('Pondering A.');
    rerender(
      <ReplyReasoning message={reply({ swipes: ['A', 'B'], swipe_id: 1, reasoning: [{ text: 'Pondering A.' }, { text: 'B!' }] })} />,
    );
    expect(details().textContent).toContain('B!');
    rerender(<ReplyReasoning message={reply({ swipes: ['A', 'B', 'C'], swipe_id: 2, reasoning: [{ text: 'Pondering A.' }] })} />);
    expect(screen.queryByText(/Thought/)).toBeNull();
  });

  it('streams open while the model thinks, and folds once the reply starts', () => {
    const streaming = reply({ id: 'reply-k', content: '', state: 'streaming' });
    render(<ReplyReasoning message={streaming} />);
    expect(screen.queryByText(/Thinking/)).toBeNull();
    act(() => setStreamingText(reasoningKey('reply-k'), 'Hmm, let me'));
    expect(screen.getByText('Thinking…')).toBeTruthy();
    expect(details().open).toBe(true);
    act(() => setStreamingText(reasoningKey('reply-k'), 'Hmm, let me see.'));
    expect(details().textContent).toContain('Hmm, let me see.');
    act(() => setStreamingText('reply-k', 'Well'));
    expect(screen.getByText('Thoughts')).toBeTruthy();
    expect(details().open).toBe(false);
    endStreamingText('reply-k');
    endStreamingText(reasoningKey('reply-k'));
  });
});
