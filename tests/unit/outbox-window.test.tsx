import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalMessage } from '../../src/db/db';
import { Composer, OFFLINE_SEND_NOTE } from '../../src/features/chat/window/Composer';
import { MessageList } from '../../src/features/chat/window/MessageList';
import { listProps } from './messageListProps';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const pending = (id: string, content: string): LocalMessage => ({
  id,
  client_id: id,
  chat_id: 'c',
  seq: 1,
  role: 'user',
  content,
  name: 'Grace',
  send_date: new Date(2026, 10, 21, 12).toISOString(),
  state: 'pending',
});
function list(messages: LocalMessage[], waiting: Map<string, string | null>, onSendNow = vi.fn()) {
  render(<MessageList {...listProps()} messages={messages} waiting={waiting} onSendNow={onSendNow} />);
}

describe('a message in the outbox', () => {
  it("shows 'Waiting to send' (with the last error) while it waits, and 'Sending…' while it is sent", () => {
    list(
      [pending('w', 'Queued'), { ...pending('s', 'In flight'), seq: 2 }],
      new Map([['w', 'Network error. Please check your connection and try again.']]),
    );
    const [waiting, sending] = screen.getAllByRole('article');
    const status = within(waiting!).getByText('Waiting to send');
    expect(status.getAttribute('title')).toBe('Network error. Please check your connection and try again.');
    expect(within(sending!).getByText('Sending…')).toBeTruthy();
    expect(within(sending!).queryByText('Waiting to send')).toBeNull();
  });

  it("offers 'Send now' online only: offline, the device's return sends it", () => {
    const onSendNow = vi.fn();
    list([pending('w', 'Queued')], new Map([['w', null]]), onSendNow);
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    expect(onSendNow).toHaveBeenCalledTimes(1);
    cleanup();

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    list([pending('w', 'Queued')], new Map([['w', null]]));
    expect(screen.getByText('Waiting to send')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });
});

describe('the composer offline', () => {
  it('still takes a message, and says it will be sent once back online', () => {
    const onSend = vi.fn(() => Promise.resolve([]));
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<Composer busy={false} onSend={onSend} onStop={vi.fn()} />);
    const input = screen.getByPlaceholderText('Type a message') as HTMLTextAreaElement;
    expect(input.disabled).toBe(false);
    fireEvent.change(input, { target: { value: 'Written on the train' } });
    const ask = screen.getByRole('button', { name: 'Ask' }) as HTMLButtonElement;
    expect(ask.disabled).toBe(false);
    expect(ask.title).toBe(OFFLINE_SEND_NOTE);
    fireEvent.click(ask);
    expect(onSend).toHaveBeenCalledWith(['Written on the train']);
  });
});
