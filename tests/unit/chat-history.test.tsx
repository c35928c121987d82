import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatListResponse, RecentChat } from '@core/contract';
import * as api from '../../src/api/chatList';
import { ApiError } from '../../src/api/errors';
import { recentChats, saveChatListPage } from '../../src/db/chatList';
import { db, type LocalChat, type LocalMessage } from '../../src/db/db';
import { ChatHistoryPanel } from '../../src/features/chat/history/ChatHistoryPanel';
import { formatChatTime } from '../../src/features/chat/history/chatTime';
import { pullChatList, removeChat } from '../../src/sync/chatList';

vi.mock('../../src/api/chatList', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatList')>()),
  listChats: vi.fn(),
  deleteChat: vi.fn(),
  importChats: vi.fn(),
  exportChat: vi.fn(),
}));

afterEach(cleanup);

beforeEach(async () => {
  vi.mocked(api.listChats).mockReset();
  vi.mocked(api.deleteChat).mockReset();
  await db.chats.clear();
  await db.messages.clear();
});

/** A chat whose last message was `minute` minutes after a fixed start: higher is newer. */
function chat(minute: number, extra: Partial<LocalChat> = {}): LocalChat {
  const time = new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();
  return {
    chat_id: `chat-${minute}`,
    character_name: `Character ${minute}`,
    character_id: `card-${minute}`,
    filename: `card-${minute}.png`,
    card_type: 'public',
    avatar_url: null,
    last_message_time: time,
    modified: time,
    created_at: time,
    message_count: minute,
    size: 100,
    ...extra,
  };
}

function message(chatId: string, seq: number): LocalMessage {
  return {
    id: `${chatId}-m${seq}`,
    chat_id: chatId,
    seq,
    role: 'user',
    content: 'Hello',
    name: 'Me',
    send_date: new Date(Date.UTC(2026, 10, 20)).toISOString(),
    client_id: null,
    state: 'sent',
  };
}

function page(data: RecentChat[], pageNo: number, total: number): ChatListResponse {
  return { success: true, data, page: pageNo, page_size: 5, total, total_pages: Math.ceil(total / 5) };
}

const ids = (chats: LocalChat[]) => chats.map((c) => c.chat_id);

describe('the recent list in Dexie', () => {
  it('is newest first, limited, and filtered by a case-insensitive name substring', async () => {
    await db.chats.bulkPut([
      chat(1, { character_name: 'Ada Lovelace' }),
      chat(3, { character_name: 'Grace' }),
      chat(2, { character_name: 'ADAM' }),
    ]);
    expect(ids(await recentChats({ limit: 10 }))).toEqual(['chat-3', 'chat-2', 'chat-1']);
    expect(ids(await recentChats({ limit: 2 }))).toEqual(['chat-3', 'chat-2']);
    expect(ids(await recentChats({ q: ' ada ', limit: 10 }))).toEqual(['chat-2', 'chat-1']);
  });

  it('drops chats that vanished from a fresh first page, with their messages, but keeps localOnly and older ones', async () => {
    await db.chats.bulkPut([chat(1), chat(5), chat(8), chat(9, { localOnly: true })]);
    await db.messages.bulkPut([message('chat-8', 1), message('chat-8', 2), message('chat-5', 1)]);
    // The server's newest five reach back to minute 4: chat-8 would have been among them.
    await saveChatListPage([chat(7), chat(6), chat(5), chat(4)], { complete: false });
    expect(ids(await recentChats({ limit: 10 }))).toEqual(['chat-9', 'chat-7', 'chat-6', 'chat-5', 'chat-4', 'chat-1']);
    expect(await db.messages.where('chat_id').equals('chat-8').count()).toBe(0);
    expect(await db.messages.count()).toBe(1);
  });

  it('drops every chat the server no longer has when the page held them all, except localOnly ones', async () => {
    await db.chats.bulkPut([chat(1), chat(2), chat(3, { localOnly: true })]);
    await saveChatListPage([chat(2)], { complete: true });
    expect(ids(await recentChats({ limit: 10 }))).toEqual(['chat-3', 'chat-2']);
  });

  it('clears localOnly once the server lists the chat', async () => {
    await db.chats.put(chat(4, { localOnly: true }));
    await saveChatListPage([chat(4)], { complete: true });
    expect((await db.chats.get('chat-4'))?.localOnly).toBeUndefined();
  });
});

describe('pulling the list', () => {
  it('asks for pages of 5 and removes nothing on a filtered page', async () => {
    await db.chats.bulkPut([chat(1), chat(2)]);
    vi.mocked(api.listChats).mockResolvedValue(page([chat(2)], 1, 1));
    expect(await pullChatList({ q: 'Character 2' })).toEqual({ page: 1, totalPages: 1 });
    expect(api.listChats).toHaveBeenCalledWith({ page: 1, page_size: 5, q: 'Character 2' });
    expect(await db.chats.count()).toBe(2);
    await pullChatList();
    expect(ids(await recentChats({ limit: 10 }))).toEqual(['chat-2']);
  });
});

describe('removing a chat', () => {
  it('deletes it on the server, then the chat and its messages here', async () => {
    await db.chats.bulkPut([chat(1), chat(2)]);
    await db.messages.bulkPut([message('chat-1', 1), message('chat-2', 1)]);
    vi.mocked(api.deleteChat).mockResolvedValue({ success: true, message: 'Chat deleted' });
    await removeChat('chat-1');
    expect(api.deleteChat).toHaveBeenCalledWith('chat-1');
    expect(ids(await recentChats({ limit: 10 }))).toEqual(['chat-2']);
    expect((await db.messages.toArray()).map((m) => m.chat_id)).toEqual(['chat-2']);
  });

  it('keeps it when the server refuses, and never asks the server about a localOnly chat', async () => {
    await db.chats.bulkPut([chat(1), chat(2, { localOnly: true })]);
    vi.mocked(api.deleteChat).mockRejectedValue(new ApiError('Server error occurred', 500));
    await expect(removeChat('chat-1')).rejects.toThrow('Server error occurred');
    expect(await db.chats.get('chat-1')).toBeDefined();
    vi.mocked(api.deleteChat).mockClear();
    await removeChat('chat-2');
    expect(api.deleteChat).not.toHaveBeenCalled();
    expect(await db.chats.get('chat-2')).toBeUndefined();
  });
});

describe('export file names', () => {
  it('come from Content-Disposition, preferring filename*', () => {
    expect(api.filenameFromDisposition(`attachment; filename="Ada.zip"; filename*=UTF-8''Ad%C3%A1.zip`)).toBe('Adá.zip');
    expect(api.filenameFromDisposition('attachment; filename="Ada chat.zip"')).toBe('Ada chat.zip');
    expect(api.filenameFromDisposition('attachment; filename=plain.zip')).toBe('plain.zip');
    expect(api.filenameFromDisposition('attachment')).toBeNull();
    expect(api.filenameFromDisposition(null)).toBeNull();
  });
});

describe('chat times', () => {
  const now = new Date(2026, 10, 20, 12, 0);
  const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
  it('are relative while recent, then a short date', () => {
    expect(formatChatTime(ago(20_000), now)).toBe('just now');
    expect(formatChatTime(ago(5 * 60_000), now)).toBe('5 min ago');
    expect(formatChatTime(ago(3 * 3_600_000), now)).toBe('3 h ago');
    expect(formatChatTime(new Date(2026, 10, 19, 23, 0).toISOString(), now)).toBe('Yesterday');
    expect(formatChatTime(new Date(2026, 10, 16, 9, 0).toISOString(), now)).toBe('4 days ago');
    expect(formatChatTime(new Date(2026, 9, 3).toISOString(), now)).toBe(
      new Date(2026, 9, 3).toLocaleDateString(undefined, { month: 'short', day: 'numeric' }),
    );
    expect(formatChatTime(new Date(2025, 9, 3).toISOString(), now)).toMatch(/2025/);
  });
});

describe('the history panel', () => {
  it('shows the chats from Dexie with their message counts, and marks the selected one', async () => {
    const server = [chat(3, { character_name: 'Ada' }), chat(2, { character_name: 'Grace' })];
    vi.mocked(api.listChats).mockResolvedValue(page(server, 1, 2));
    const onSelect = vi.fn();
    render(<ChatHistoryPanel selectedChatId="chat-2" onSelect={onSelect} />);
    expect(screen.getByRole('heading', { name: 'Select a history' })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Recent chats' });
    const items = within(list).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([expect.stringContaining('Ada'), expect.stringContaining('Grace')]);
    expect(items[0]!.textContent).toContain('Messages: 3');
    expect(items[1]!.getAttribute('aria-current')).toBe('true');
    expect(items[0]!.getAttribute('aria-current')).toBeNull();
    fireEvent.click(items[0]!);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ chat_id: 'chat-3' }));
    expect(screen.queryByRole('button', { name: 'Load More (5)' })).toBeNull();
  });

  it('filters by name at once from Dexie, then asks the server with q', async () => {
    await db.chats.bulkPut([chat(3, { character_name: 'Ada' }), chat(2, { character_name: 'Grace' })]);
    vi.mocked(api.listChats).mockImplementation(async (request) =>
      page(
        request.q ? [chat(2, { character_name: 'Grace' })] : [chat(3, { character_name: 'Ada' }), chat(2, { character_name: 'Grace' })],
        1,
        request.q ? 1 : 2,
      ),
    );
    render(<ChatHistoryPanel selectedChatId={null} onSelect={vi.fn()} />);
    await waitFor(() => expect(api.listChats).toHaveBeenCalledTimes(1));
    fireEvent.change(screen.getByPlaceholderText('Search for a profile...'), { target: { value: 'GRA' } });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Recent chats' })).getAllByRole('button')).toHaveLength(1));
    expect(screen.getByRole('list', { name: 'Recent chats' }).textContent).toContain('Grace');
    await waitFor(() => expect(api.listChats).toHaveBeenLastCalledWith({ page: 1, page_size: 5, q: 'GRA' }));
    fireEvent.change(screen.getByPlaceholderText('Search for a profile...'), { target: { value: 'nobody' } });
    expect(await screen.findByText('No chat records found')).toBeTruthy();
  });

  it("loads the next page with 'Load More (5)', and says so when that fails", async () => {
    const first = [5, 4, 3, 2, 1].map((m) => chat(m + 10));
    const second = [5, 4, 3, 2, 1].map((m) => chat(m));
    vi.mocked(api.listChats).mockImplementation(async (request) => (request.page === 2 ? page(second, 2, 11) : page(first, 1, 11)));
    render(<ChatHistoryPanel selectedChatId={null} onSelect={vi.fn()} />);
    const more = await screen.findByRole('button', { name: 'Load More (5)' });
    expect(within(screen.getByRole('list', { name: 'Recent chats' })).getAllByRole('button')).toHaveLength(5);
    fireEvent.click(more);
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Recent chats' })).getAllByRole('button')).toHaveLength(10));
    expect(api.listChats).toHaveBeenLastCalledWith({ page: 2, page_size: 5, q: undefined });
    vi.mocked(api.listChats).mockRejectedValue(new ApiError('Network error', 0));
    fireEvent.click(screen.getByRole('button', { name: 'Load More (5)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load more chat records');
  });

  it('shows the fetch error with a Retry that pulls again', async () => {
    vi.mocked(api.listChats).mockRejectedValueOnce(new ApiError('HTTP 500: Internal Server Error', 500));
    vi.mocked(api.listChats).mockResolvedValueOnce(page([chat(1, { character_name: 'Back' })], 1, 1));
    render(<ChatHistoryPanel selectedChatId={null} onSelect={vi.fn()} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to fetch chat records, please try again later');
    expect(screen.queryByText('No chat records found')).toBeNull();
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Back')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the saved chats, not the fetch error, when the pull gets no answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await db.chats.put(chat(4, { character_name: 'Kept' }));
    vi.mocked(api.listChats).mockRejectedValue(new ApiError('Network error', 0));
    render(<ChatHistoryPanel selectedChatId={null} onSelect={vi.fn()} />);
    expect((await screen.findByRole('status')).textContent).toContain('showing the chats saved on this device');
    expect(screen.getByText('Kept')).toBeTruthy();
    expect(screen.queryByText('Failed to fetch chat records, please try again later')).toBeNull();
  });

  it('shows the chats saved on the device offline, without asking the server', async () => {
    await db.chats.put(chat(4, { character_name: 'Kept' }));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(<ChatHistoryPanel selectedChatId={null} onSelect={vi.fn()} />);
      expect(await screen.findByText('Kept')).toBeTruthy();
      expect(screen.getByRole('status').textContent).toContain("You're offline");
      expect((screen.getByRole('button', { name: 'Refresh chat list' }) as HTMLButtonElement).disabled).toBe(true);
      expect(api.listChats).not.toHaveBeenCalled();
    } finally {
      onLine.mockRestore();
    }
  });

  it("lists an open new chat first as 'New chat', never 'No chat records found' beside it", async () => {
    vi.mocked(api.listChats).mockResolvedValue(page([], 1, 0));
    const seed = {
      chat_id: 'draft-1',
      character_name: 'Mara',
      character_id: 'card-9',
      filename: 'mara.png',
      card_type: 'user' as const,
      avatar_url: null,
    };
    const { rerender } = render(<ChatHistoryPanel selectedChatId="draft-1" onSelect={vi.fn()} newChat={seed} />);
    const listed = await screen.findByRole('button', { name: /^Mara/ });
    expect(listed.textContent).toContain('New chat');
    expect(listed.getAttribute('aria-current')).toBe('true');
    await waitFor(() => expect(api.listChats).toHaveBeenCalled());
    expect(screen.queryByText('No chat records found')).toBeNull();

    // Once the server has it, the list's own row takes its place: listed once.
    await db.chats.put(chat(7, { chat_id: 'draft-1', character_name: 'Mara' }));
    rerender(<ChatHistoryPanel selectedChatId="draft-1" onSelect={vi.fn()} newChat={seed} />);
    await waitFor(() => expect(screen.getByRole('button', { name: /^Mara/ }).textContent).toContain('Messages: 7'));
    expect(screen.getAllByRole('button', { name: /^Mara/ })).toHaveLength(1);
  });

  it("says 'No chat records found' when there are none, and folds the list away", async () => {
    vi.mocked(api.listChats).mockResolvedValue(page([], 1, 0));
    render(<ChatHistoryPanel selectedChatId={null} onSelect={vi.fn()} />);
    expect(await screen.findByText('No chat records found')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Collapse recent chats' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(toggle.getAttribute('aria-controls')!)?.hidden).toBe(true);
  });
});
