import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalChat } from '../../src/db/db';
import { ChatHeader } from '../../src/features/chat/window/ChatHeader';

const TIME = '2026-11-28T03:00:00.000Z';
const branch = (extra: Partial<LocalChat>): LocalChat => ({
  chat_id: 'branch-1',
  character_name: 'Aqua',
  character_id: null,
  filename: 'Aqua.jsonl',
  card_type: 'public',
  avatar_url: null,
  last_message_time: TIME,
  modified: TIME,
  created_at: TIME,
  message_count: 2,
  size: 10,
  title: 'Aqua (branch 1)',
  branch_of_name: 'Aqua',
  ...extra,
});

function header(chat: LocalChat, onOpenOrigin = vi.fn()) {
  render(
    <ChatHeader
      target={null}
      name="Aqua"
      historyOpen={false}
      onToggleHistory={vi.fn()}
      panelOpen={false}
      onTogglePanel={vi.fn()}
      onNewChat={null}
      onImported={vi.fn()}
      onDeleted={vi.fn()}
      menuChat={chat}
      onOpenOrigin={onOpenOrigin}
    />,
  );
  return onOpenOrigin;
}

afterEach(cleanup);

describe("a branch's header", () => {
  it('links back to the original while it exists', () => {
    const onOpenOrigin = header(branch({ branch_of: 'origin-1' }));
    expect(screen.getByRole('heading', { name: 'Aqua (branch 1)' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Branch of Aqua' });
    expect(link.getAttribute('href')).toBe('/recent-chat?chat=origin-1');
    fireEvent.click(link);
    expect(onOpenOrigin).toHaveBeenCalledWith('origin-1');
  });

  it('only names the original once it is gone, and says nothing for a chat that is no branch', () => {
    header(branch({ branch_of: null }));
    expect(screen.getByText('Branch of', { exact: false }).textContent).toBe('Branch of Aqua');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    header(branch({ branch_of: null, branch_of_name: null, title: null }));
    expect(screen.queryByText('Branch of', { exact: false })).toBeNull();
  });
});
