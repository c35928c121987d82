import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { seedOf } from './outboxServer';
import { listProps } from './messageListProps';
import type { ChatMessage, CompletionResult } from '@core/contract';
import { db, type LocalMessage } from '../../src/db/db';
import { filledGreetings, fromSelected, takeCardClick, type SelectedCharacter } from '../../src/features/chat/chatCharacter';
import { ChatConversation } from '../../src/features/chat/window/ChatConversation';
import { Composer, MAX_MESSAGE_LENGTH } from '../../src/features/chat/window/Composer';
import { dateSeparatorLabel, groupByDate, messageTime as messageTimeOf } from '../../src/features/chat/window/dateLabels';
import { GreetingBubble } from '../../src/features/chat/window/GreetingBubble';
import { MessageList } from '../../src/features/chat/window/MessageList';
import { StyledText } from '../../src/features/chat/window/StyledText';
import { SEND_FAILED, SystemNotice } from '../../src/features/chat/window/SystemNotice';
import { STOPPED_REASON } from '../../src/db/chatMessages';
import { endStreamingText, setStreamingText } from '../../src/sync/send/streamingText';

vi.mock('../../src/sync/chatList', () => ({ pullChatList: () => Promise.resolve({ page: 1, totalPages: 1 }) }));
// Counted: a bubble's render formats its time once, so this tells which bubbles rendered.
vi.mock('../../src/features/chat/window/dateLabels', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/features/chat/window/dateLabels')>();
  return { ...original, messageTime: vi.fn(original.messageTime) };
});

afterEach(cleanup);
const messageTime = vi.mocked(messageTimeOf);

/** The user as their profile name, with no personas. */
const speaking = (userName: string) => ({ persona: null, userName, personas: [], choose: vi.fn() });

const local = (day: number, hour = 12) => new Date(2026, 10, day, hour).toISOString();

function message(extra: Partial<LocalMessage> & Pick<LocalMessage, 'seq' | 'role' | 'content'>): LocalMessage {
  return {
    id: `m-${extra.seq}`,
    chat_id: 'c',
    name: extra.role === 'user' ? 'Grace' : 'Ada',
    send_date: local(21),
    client_id: null,
    state: 'sent',
    ...extra,
  };
}

describe('date separators', () => {
  const now = new Date(2026, 10, 22, 9);

  it("say 'Today', 'Yesterday', else the full weekday date", () => {
    expect(dateSeparatorLabel(local(22, 0), now)).toBe('Today');
    expect(dateSeparatorLabel(local(21, 23), now)).toBe('Yesterday');
    expect(dateSeparatorLabel(local(20, 12), now)).toBe('Friday, November 20, 2026');
  });

  it('group consecutive messages of the same day', () => {
    const groups = groupByDate(
      [
        message({ seq: 1, role: 'user', content: 'a', send_date: local(20) }),
        message({ seq: 2, role: 'assistant', content: 'b', send_date: local(22, 1) }),
        message({ seq: 3, role: 'user', content: 'c', send_date: local(22, 8) }),
      ],
      now,
    );
    expect(groups.map((group) => [group.label, group.messages.length])).toEqual([
      ['Friday, November 20, 2026', 1],
      ['Today', 2],
    ]);
  });
});

describe('the composer', () => {
  const setup = (busy = false, unsent: string[] = []) => {
    const onSend = vi.fn((_parts: string[]) => Promise.resolve(unsent));
    const onStop = vi.fn();
    render(<Composer busy={busy} onSend={onSend} onStop={onStop} />);
    return { onSend, onStop, input: screen.getByPlaceholderText('Type a message') as HTMLTextAreaElement };
  };

  it('sends on Enter, clears the input, and starts a new line on Shift+Enter', () => {
    const { onSend, input } = setup();
    fireEvent.change(input, { target: { value: 'Hello' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSend).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith(['Hello']);
    expect(input.value).toBe('');
  });

  it('never sends an empty or blank message', () => {
    const { onSend, input } = setup();
    const ask = screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
    expect(ask.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   \n ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.click(ask);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('counts characters, and past 1000 keeps the text and shows the overflow', () => {
    const { input } = setup();
    expect(screen.getByText('0 / 1,000')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'x'.repeat(12) } });
    expect(screen.getByText('12 / 1,000')).toBeTruthy();
    fireEvent.change(input, { target: { value: 'y'.repeat(MAX_MESSAGE_LENGTH + 500) } });
    expect(input.value).toHaveLength(1500);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(/1,500 \/ 1,000/)).toBeTruthy();
    // An emoji counts once, as the server counts it.
    fireEvent.change(input, { target: { value: '😀'.repeat(1000) } });
    expect(screen.getByText('1,000 / 1,000')).toBeTruthy();
  });

  it('says why a long text cannot go as one message and sends it as parts in order when asked', async () => {
    const { onSend, input } = setup();
    const text = `${'First paragraph. '.repeat(40).trim()}\n\n${'Second paragraph. '.repeat(40).trim()}`;
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('A message can be at most 1,000 characters.');
    const accept = screen.getByRole('button', { name: 'Send as 2 messages' });
    expect(document.activeElement).toBe(accept);
    // Keep editing goes back to the text, untouched.
    fireEvent.keyDown(accept, { key: 'Escape' });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(input);
    expect(input.value).toBe(text);
    fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send as 2 messages' })));
    expect(onSend).toHaveBeenCalledWith(['First paragraph. '.repeat(40).trim(), 'Second paragraph. '.repeat(40).trim()]);
    expect(input.value).toBe('');
  });

  it('gives back the parts that did not go', async () => {
    const { input } = setup(false, ['Part two.']);
    fireEvent.change(input, { target: { value: 'Part one.' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter' }));
    expect(input.value).toBe('Part two.');
  });

  it('takes the focus when a chat opens with a mouse and keyboard, not on a touch screen', () => {
    const matches = vi.spyOn(window, 'matchMedia');
    matches.mockReturnValue({ matches: true } as MediaQueryList);
    const { input } = setup();
    expect(document.activeElement).toBe(input);
    cleanup();
    matches.mockReturnValue({ matches: false } as MediaQueryList);
    const touch = setup();
    expect(document.activeElement).not.toBe(touch.input);
    matches.mockRestore();
  });

  it('waits while a reply comes and offers Stop instead of Ask', () => {
    const { onStop, input } = setup(true);
    expect(input.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Ask' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalled();
  });
});

describe('styled text', () => {
  it('styles actions, scenes, dialogue and emphasis, and shows markup as text', () => {
    const { container } = render(
      <StyledText
        text={'<scene>A tavern.</scene> <action>smiles</action> "Hi!" *waves* <script>alert(1)</script><img src=x onerror=alert(2)>'}
      />,
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script><img src=x onerror=alert(2)>');
    const styled = [...container.querySelectorAll('[data-style]')].map((span) => [span.getAttribute('data-style'), span.textContent]);
    expect(styled).toEqual([
      ['scene', 'A tavern.'],
      ['action', 'smiles'],
      ['dialogue', '"Hi!"'],
      ['emphasis', 'waves'],
    ]);
  });
});

describe('a streaming reply', () => {
  it('is styled as it arrives: an open emphasis shows styled, without its asterisk', () => {
    const { container } = render(<StyledText text={'*She smiles and "Wel'} streaming />);
    expect(container.textContent).toBe('She smiles and "Wel');
    expect([...container.querySelectorAll('[data-style]')].map((span) => span.getAttribute('data-style'))).toEqual(['emphasis']);
  });
});

describe('a failed reply', () => {
  it('says the error sentence once, with a reason of its own under it', () => {
    const { container } = render(<SystemNotice reason={SEND_FAILED} onRetry={vi.fn()} disabled={false} />);
    expect(container.textContent!.split(SEND_FAILED)).toHaveLength(2);
    cleanup();
    render(<SystemNotice reason="The AI service is busy right now." onRetry={vi.fn()} disabled={false} />);
    expect(screen.getByRole('alert').textContent).toContain(SEND_FAILED);
    expect(screen.getByRole('alert').textContent).toContain('The AI service is busy right now.');
    cleanup();
    // A timed-out reply's reason says why once; 'Please try again.' is said once, by the sentence.
    render(<SystemNotice reason="The AI service took too long to answer. Please try again." onRetry={vi.fn()} disabled={false} />);
    const text = screen.getByRole('alert').textContent!;
    expect(text).toContain('The AI service took too long to answer.');
    expect(text.split('Please try again.')).toHaveLength(2);
  });

  it('gets a reason from the server that is not the error sentence again', async () => {
    const { failureOf, REPLY_FAILED_REASON } = await import('../../server/services/chats/completionReply');
    expect(failureOf(new Error('boom'))).toEqual({ code: 'internal', message: REPLY_FAILED_REASON });
    expect(REPLY_FAILED_REASON).not.toBe(SEND_FAILED);
  });
});

const selected: SelectedCharacter = {
  id: 'card-1',
  filename: 'ada.png',
  name: 'Ada',
  description: '',
  title: 'Ada',
  avatar_url: '/api/upload/image/card-1',
  tags: ['scientist'],
  card_type: 'public',
  card_data: {
    data: { name: 'Ada', first_mes: '{{char}} waves at {{user}}.', alternate_greetings: ['', 'Hello {{user}}, I am {{char}}!'] },
  },
};

describe('greetings', () => {
  it('fill {{char}} and {{user}} and keep the greeting_index the server counts', () => {
    expect(filledGreetings(fromSelected(selected), { userName: 'Grace', chatId: 'chat-1' })).toEqual([
      { index: 0, text: 'Ada waves at Grace.' },
      { index: 2, text: 'Hello Grace, I am Ada!' },
    ]);
  });

  it("swipe with ‹ › and say 'Greeting 2 / 2'", () => {
    const greetings = filledGreetings(fromSelected(selected), { userName: 'Grace', chatId: 'chat-1' });
    const onChange = vi.fn();
    const { rerender } = render(<GreetingBubble name="Ada" greetings={greetings} position={0} onChange={onChange} swipeable />);
    expect(screen.getByText('Greeting 1 / 2')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous greeting' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next greeting' }));
    expect(onChange).toHaveBeenCalledWith(1);
    rerender(<GreetingBubble name="Ada" greetings={greetings} position={1} onChange={onChange} swipeable />);
    expect(screen.getByText('Greeting 2 / 2')).toBeTruthy();
    expect(screen.getByText('Hello Grace, I am Ada!')).toBeTruthy();
    rerender(<GreetingBubble name="Ada" greetings={greetings} position={1} onChange={onChange} swipeable={false} />);
    expect(screen.queryByText('Greeting 2 / 2')).toBeNull();
  });
});

describe('a card click', () => {
  it('is taken once: the flag is cleared', () => {
    localStorage.setItem('selectedCharacter', JSON.stringify(selected));
    localStorage.setItem('isFromCardClick', 'true');
    expect(takeCardClick()?.id).toBe('card-1');
    expect(localStorage.getItem('isFromCardClick')).toBeNull();
    expect(takeCardClick()).toBeNull();
  });
});

describe('the message list', () => {
  const base = listProps();
  const idle = base.actions;
  const list = (messages: LocalMessage[], extra: Partial<Parameters<typeof MessageList>[0]> = {}) =>
    render(<MessageList {...base} messages={messages} {...extra} />);

  it('shows a failed message with the system message and a Retry', () => {
    const onRetry = vi.fn();
    const failed = message({ seq: 1, role: 'user', content: 'Hi', state: 'failed', error: 'The AI service is unavailable.' });
    list([failed], { onRetry });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Sorry, I encountered an error. Please try again.');
    expect(alert.textContent).toContain('The AI service is unavailable.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(failed);
  });

  it("marks a message hidden from the AI (an import's SillyTavern hide), and only that one", () => {
    list([message({ seq: 1, role: 'assistant', content: 'An aside', hidden: true }), message({ seq: 2, role: 'user', content: 'Hi' })]);
    const [aside, hi] = screen.getAllByRole('article');
    expect(within(aside!).getByText('Hidden from the AI')).toBeTruthy();
    expect(within(hi!).queryByText('Hidden from the AI')).toBeNull();
  });

  it("shows an empty reply as 'No response received'", () => {
    list([message({ seq: 1, role: 'user', content: 'Hi' }), message({ seq: 2, role: 'assistant', content: '' })]);
    expect(screen.getByText('No response received')).toBeTruthy();
  });

  it("offers 'Load More History (10)' and says when it failed", () => {
    const loadOlder = vi.fn();
    list([message({ seq: 11, role: 'user', content: 'Hi' })], {
      history: { ...base.history, hasOlder: true, loadOlderError: 'Failed to load more messages', loadOlder },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Load More History (10)' }));
    expect(loadOlder).toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Failed to load more messages');
  });

  it('shows the typing indicator while a reply is awaited, and Regenerate on the last reply', () => {
    const onRegenerate = vi.fn();
    const reply = message({ seq: 2, role: 'assistant', content: 'Hello' });
    list([message({ seq: 1, role: 'user', content: 'Hi' }), reply], {
      regenerableId: reply.id,
      tools: { ...base.tools, onRegenerate },
      actions: { ...idle, busy: true },
    });
    expect(screen.getByRole('status').textContent).toBe('Ada is typing');
    const regenerate = screen.getByRole('button', { name: 'Regenerate' }) as HTMLButtonElement;
    expect(regenerate.disabled).toBe(true);
    cleanup();
    list([message({ seq: 1, role: 'user', content: 'Hi' }), reply], { regenerableId: reply.id, tools: { ...base.tools, onRegenerate } });
    fireEvent.click(screen.getByRole('button', { name: 'Regenerate' }));
    expect(onRegenerate).toHaveBeenCalledWith(reply);
  });

  it("shows a streaming reply's text from memory as it grows, and the row's own text once it settled", () => {
    const streaming = message({ seq: 2, role: 'assistant', content: 'Once', state: 'streaming', id: 'reply-k1' });
    const earlier = message({ seq: 1, role: 'user', content: 'Tell me a story' });
    const { rerender } = list([earlier, streaming]);
    const bubble = () => screen.getByRole('article', { name: 'Ada' });
    expect(bubble().textContent).toContain('Once');
    act(() => setStreamingText('reply-k1', 'Once upon a time'));
    expect(bubble().textContent).toContain('Once upon a time');
    expect(bubble().getAttribute('aria-busy')).toBe('true');

    // Settled (here: stopped) with all of it in the row, the bubble reads the row again.
    endStreamingText('reply-k1');
    const stopped = { ...streaming, content: 'Once upon a time', state: 'failed' as const, error: STOPPED_REASON };
    rerender(<MessageList {...base} messages={[earlier, stopped]} />);
    expect(bubble().textContent).toContain('Once upon a time');
    expect(bubble().textContent).toContain('Stopped · not saved');
  });

  it('marks a stored reply Stop cut short while its stopped version is shown, and offers Continue and Regenerate on it', () => {
    const earlier = message({ seq: 1, role: 'user', content: 'Tell me a story' });
    const reply = message({
      seq: 2,
      role: 'assistant',
      content: 'Once upon',
      swipes: ['Whole answer.', 'Once upon'],
      swipe_id: 1,
      stopped_swipe: 1,
    });
    const { rerender } = list([earlier, reply], { regenerableId: reply.id });
    const bubble = () => screen.getByRole('article', { name: 'Ada' });
    expect(bubble().textContent).toContain('Stopped');
    expect(bubble().textContent).not.toContain('not saved');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Regenerate' })).toBeTruthy();
    // Another version shown: that one was written whole.
    rerender(<MessageList {...base} messages={[earlier, { ...reply, content: 'Whole answer.', swipe_id: 0 }]} regenerableId={reply.id} />);
    expect(bubble().textContent).not.toContain('Stopped');
  });

  it('renders again only the bubbles whose message changed, rows read again from Dexie included', () => {
    const rows = [message({ seq: 1, role: 'user', content: 'Hi' }), message({ seq: 2, role: 'assistant', content: 'Hello' })];
    const { rerender } = list(rows);
    // Each bubble's render formats its time once.
    messageTime.mockClear();
    // New objects with the same fields (a live query's re-run), and a changed second message.
    const again = [{ ...rows[0]! }, { ...rows[1]!, content: 'Hello there' }];
    rerender(<MessageList {...base} messages={again} />);
    expect(messageTime).toHaveBeenCalledTimes(1);
    expect(screen.getAllByRole('article')[1]!.textContent).toContain('Hello there');
  });
});

describe("a message's actions", () => {
  const base = listProps();
  const hi = message({ seq: 1, role: 'user', content: 'Hi' });
  const reply = message({ seq: 2, role: 'assistant', content: 'Hello', swipes: ['Hey', 'Hello'], swipe_id: 1 });
  const list = (extra: Partial<Parameters<typeof MessageList>[0]> = {}) =>
    render(<MessageList {...base} messages={[hi, reply]} regenerableId={reply.id} {...extra} />);

  it('edits in place: Enter saves the trimmed text, Shift+Enter is a new line, Escape cancels, and an empty or too long text is refused', () => {
    const onSave = vi.fn();
    const onCancelEdit = vi.fn();
    list({ editingId: hi.id, tools: { ...base.tools, onSave, onCancelEdit } });
    const box = screen.getByRole('textbox', { name: 'Message text' });
    expect(screen.getByRole('button', { name: 'Save and regenerate' })).toBeTruthy();
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(screen.getByText('A message cannot be empty: delete it instead.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'x'.repeat(1001) } });
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(box, { target: { value: '  Hi again  ' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(onSave).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSave).toHaveBeenCalledWith(hi, 'Hi again', undefined);
    fireEvent.change(box, { target: { value: 'Hi, tapped' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenLastCalledWith(hi, 'Hi, tapped', undefined);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onCancelEdit).toHaveBeenCalled();
  });

  it("browses the last reply's versions ('2 / 2'), and right past the last asks for a new one", () => {
    const onChooseVersion = vi.fn();
    const onRegenerate = vi.fn();
    list({ tools: { ...base.tools, onChooseVersion, onRegenerate } });
    expect(screen.getByText('2 / 2', { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous version' }));
    expect(onChooseVersion).toHaveBeenCalledWith(reply, 0);
    fireEvent.click(screen.getByRole('button', { name: 'New version' }));
    expect(onRegenerate).toHaveBeenCalledWith(reply);
  });

  it("browses the last reply's versions with ← and → in the empty composer, as SillyTavern does, and types as usual otherwise", () => {
    const onSwipe = vi.fn();
    render(<Composer busy={false} onSend={vi.fn()} onStop={vi.fn()} onSwipe={onSwipe} />);
    const input = screen.getByPlaceholderText('Type a message');
    fireEvent.keyDown(input, { key: 'ArrowLeft' });
    fireEvent.keyDown(input, { key: 'ArrowRight' });
    expect(onSwipe.mock.calls).toEqual([['previous'], ['next']]);
    fireEvent.change(input, { target: { value: 'draft' } });
    fireEvent.keyDown(input, { key: 'ArrowLeft' });
    expect(onSwipe).toHaveBeenCalledTimes(2);
  });

  it('offers Edit, Branch from here, Pin to memory, Delete and Delete from here on stored messages, and nothing that changes them while a reply is on its way', () => {
    const onDeleteFrom = vi.fn();
    const onBranch = vi.fn();
    const onPin = vi.fn();
    list({ tools: { ...base.tools, onDeleteFrom, onBranch, onPin } });
    fireEvent.click(screen.getByRole('button', { name: "Actions for Grace's message" }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent?.trim())).toEqual([
      'Edit',
      'Branch from here',
      'Pin to memory',
      'Delete',
      'Delete from here',
    ]);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Pin to memory' }));
    expect(onPin).toHaveBeenCalledWith(hi);
    fireEvent.click(screen.getByRole('button', { name: "Actions for Grace's message" }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete from here' }));
    expect(onDeleteFrom).toHaveBeenCalledWith(hi);
    fireEvent.click(screen.getByRole('button', { name: "Actions for Grace's message" }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Branch from here' }));
    expect(onBranch).toHaveBeenCalledWith(hi);
    cleanup();
    list({ actions: { ...base.actions, busy: true } });
    for (const name of ['Continue', 'Regenerate', 'Previous version'])
      expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe("a branch's messages before the server has made it", () => {
  it('offer no change, no branch and no version choice, saying why', () => {
    const base = listProps();
    const onBranch = vi.fn();
    const onEdit = vi.fn();
    const hi = message({ id: 'branch-copy-b-1', seq: 1, role: 'user', content: 'Hi' });
    const reply = message({ id: 'branch-copy-b-2', seq: 2, role: 'assistant', content: 'Hello', swipes: ['Hey', 'Hello'], swipe_id: 1 });
    render(<MessageList {...base} tools={{ ...base.tools, onBranch, onEdit }} messages={[hi, reply]} regenerableId={reply.id} />);
    expect(screen.queryByRole('button', { name: 'Previous version' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Actions for Grace's message" }));
    for (const item of screen.getAllByRole('menuitem')) {
      expect(item.getAttribute('aria-disabled')).toBe('true');
      expect(item.getAttribute('title')).toBe('Wait until the branch is saved.');
    }
    fireEvent.click(screen.getByRole('menuitem', { name: 'Branch from here' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Edit' }));
    expect(onBranch).not.toHaveBeenCalled();
    expect(onEdit).not.toHaveBeenCalled();
  });
});

describe('a reply on its way', () => {
  it('renders again only the bubbles that offer the AI or the versions, not every message of the chat', () => {
    const base = listProps();
    const rows = [
      message({ seq: 1, role: 'user', content: 'Hi' }),
      message({ seq: 2, role: 'assistant', content: 'Hello' }),
      message({ seq: 3, role: 'user', content: 'More' }),
      message({ seq: 4, role: 'assistant', content: 'Sure' }),
    ];
    const { rerender } = render(<MessageList {...base} messages={rows} regenerableId="m-4" />);
    messageTime.mockClear();
    rerender(<MessageList {...base} messages={rows} regenerableId="m-4" actions={{ ...base.actions, busy: true }} />);
    // The last reply (Regenerate, Continue) and the user's last message (Save and regenerate).
    expect(messageTime).toHaveBeenCalledTimes(2);
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('a new chat', () => {
  beforeEach(async () => {
    await db.messages.clear();
    await db.chats.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the server's 'No response received' when the reply came back empty, under the send's error, with Retry", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ error: 'upstream_empty', message: 'No response received' }), {
            status: 502,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const seed = seedOf('empty-chat');
    render(
      <ChatConversation
        onOpenChat={vi.fn()}
        target={{ chatId: 'empty-chat', seed, row: null, localOnly: true }}
        character={fromSelected(selected)}
        as={speaking('Grace')}
        profileName="Grace"
      />,
    );
    const input = await screen.findByPlaceholderText('Type a message');
    fireEvent.change(input, { target: { value: 'Hi Ada' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Sorry, I encountered an error. Please try again.');
    expect(within(alert).getByText('No response received')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });

  it('shows the chosen greeting, sends it with the first message, waits with the typing indicator, then shows the reply', async () => {
    const encoder = new TextEncoder();
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const bodies: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        bodies.push(JSON.parse(init.body as string) as Record<string, unknown>);
        const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
      }),
    );
    const character = fromSelected(selected);
    const seed = seedOf('new-chat');
    render(
      <ChatConversation
        onOpenChat={vi.fn()}
        target={{ chatId: 'new-chat', seed, row: null, localOnly: true }}
        character={character}
        as={speaking('Grace')}
        profileName="Grace"
      />,
    );

    expect(await screen.findByText('Ada waves at Grace.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next greeting' }));
    const input = screen.getByPlaceholderText('Type a message') as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: 'Hi Ada' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    expect(await screen.findByText('Hi Ada')).toBeTruthy();
    expect(await screen.findByText('Ada is typing')).toBeTruthy();
    expect(input.disabled).toBe(true);
    await vi.waitFor(() => expect(bodies[0]).toMatchObject({ greeting_index: 2, messages: [{ role: 'user', content: 'Hi Ada' }] }));

    const piece = (text: string) => encoder.encode(`data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: text } }] })}\n\n`);
    await act(async () => controller.enqueue(piece('Nice to')));
    expect(await screen.findByText('Nice to')).toBeTruthy();
    const stored = (seq: number, role: ChatMessage['role'], content: string): ChatMessage => ({
      id: `s-${seq}`,
      chat_id: 'new-chat',
      seq,
      role,
      content,
      name: role === 'user' ? 'Grace' : 'Ada',
      send_date: new Date().toISOString(),
      client_id: null,
    });
    const done: CompletionResult = {
      message: 'Nice to meet you.',
      content: 'Nice to meet you.',
      choices: [],
      chat_id: 'new-chat',
      greeting: stored(1, 'assistant', 'Hello Grace, I am Ada!'),
      user_message: stored(2, 'user', 'Hi Ada'),
      reply: stored(3, 'assistant', 'Nice to meet you.'),
    };
    await act(async () => {
      controller.enqueue(piece(' meet you.'));
      controller.enqueue(encoder.encode(`event: stored\ndata: ${JSON.stringify(done)}\n\ndata: [DONE]\n\n`));
      controller.close();
    });

    expect(await screen.findByRole('button', { name: 'Regenerate' })).toBeTruthy();
    expect(screen.getByText('Nice to meet you.')).toBeTruthy();
    expect(screen.queryByText('Ada is typing')).toBeNull();
    expect(screen.queryByText(/Greeting \d/)).toBeNull();
    expect(input.disabled).toBe(false);
  });
});
