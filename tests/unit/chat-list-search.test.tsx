/**
 * Issue 26 in the history panel: chats told apart (title, the last message's first line, its time),
 * renamed from the chat menu, and found by the words of their messages, online and offline.
 */
import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatSearchResponse, RecentChat } from '@core/contract';
import * as listApi from '../../src/api/chatList';
import * as personasApi from '../../src/api/personas';
import * as searchApi from '../../src/api/chatSearch';
import { db, type LocalChat, type LocalMessage } from '../../src/db/db';
import { ChatMenu } from '../../src/features/chat/archive/ChatMenu';
import { ChatHistoryPanel } from '../../src/features/chat/history/ChatHistoryPanel';
import { previewLine } from '../../src/features/chat/history/ChatHistoryItem';
import { installDialogStandIn } from './dialogStandIn';

vi.mock('../../src/api/chatList', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatList')>()),
  listChats: vi.fn(),
}));
vi.mock('../../src/api/personas', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/personas')>()),
  updateChat: vi.fn(),
}));
vi.mock('../../src/api/chatSearch', () => ({ searchChats: vi.fn() }));

const time = new Date(2026, 10, 20, 10).toISOString();

function chat(id: string, extra: Partial<LocalChat> = {}): LocalChat {
  return {
    chat_id: id,
    character_name: 'Mira',
    character_id: 'card-mira',
    filename: 'Mira.jsonl',
    card_type: 'public',
    avatar_url: null,
    last_message_time: time,
    modified: time,
    created_at: time,
    message_count: 4,
    size: 100,
    title: null,
    last_message: null,
    ...extra,
  };
}

function message(chatId: string, seq: number, content: string): LocalMessage {
  return {
    id: `${chatId}-${seq}`,
    chat_id: chatId,
    seq,
    role: 'assistant',
    content,
    name: 'Mira',
    send_date: time,
    client_id: null,
    state: 'sent',
  };
}

beforeAll(installDialogStandIn);
afterEach(cleanup);
beforeEach(async () => {
  await db.chats.clear();
  await db.messages.clear();
  vi.mocked(listApi.listChats)
    .mockReset()
    .mockImplementation(async () => {
      const data = (await db.chats.toArray()) as RecentChat[];
      return { success: true, data, page: 1, page_size: 5, total: data.length, total_pages: 1 };
    });
  vi.mocked(searchApi.searchChats).mockReset();
  vi.mocked(personasApi.updateChat).mockReset();
});

describe('the list tells chats apart', () => {
  it("shows each chat's title, its last message's first line as plain words, and its character", async () => {
    await db.chats.bulkPut([
      chat('a', { title: 'The lighthouse', last_message: '**Welcome back**, *she smiles*.\nSecond line' }),
      chat('b', { last_message: '<action>waves</action> "Hello!"' }),
    ]);
    render(<ChatHistoryPanel selectedChatId={null} onSelect={vi.fn()} />);
    const items = within(await screen.findByRole('list', { name: 'Recent chats' })).getAllByRole('button');
    expect(items).toHaveLength(2);
    const texts = items.map((item) => item.textContent);
    expect(texts.find((text) => text?.includes('The lighthouse'))).toMatch(/The lighthouse.*Welcome back, she smiles\.Messages: 4Mira$/);
    expect(texts.find((text) => !text?.includes('The lighthouse'))).toContain('waves "Hello!"');
  });

  it('reads a cut-off start as a reply still arriving: no raw markers in the preview', () => {
    expect(previewLine('*She pours the tea and **sm')).toBe('She pours the tea and sm');
    expect(previewLine('\n\n  # Chapter two\nmore')).toBe('Chapter two');
    expect(previewLine(null)).toBe('');
  });

  it('renames a chat from the chat menu, and a blank name goes back to the character', async () => {
    const mira = chat('a');
    await db.chats.put(mira);
    vi.mocked(personasApi.updateChat).mockImplementation(async (chatId, body) => ({
      ...mira,
      chat_id: chatId,
      title: body.title?.trim() || null,
    }));
    render(<ChatMenu chat={mira} onDeleted={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Chat actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename chat' }));
    const input = screen.getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    expect(input.value).toBe('Mira');
    expect(input.maxLength).toBe(100);
    fireEvent.change(input, { target: { value: 'Evening at the harbour' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(personasApi.updateChat).toHaveBeenCalledWith('a', { title: 'Evening at the harbour' }));
    await waitFor(async () => expect((await db.chats.get('a'))?.title).toBe('Evening at the harbour'));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull());

    // Typing the character's name back (or nothing) is no name of the chat's own.
    fireEvent.click(screen.getByRole('button', { name: 'Chat actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename chat' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: ' Mira ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(personasApi.updateChat).toHaveBeenLastCalledWith('a', { title: null }));
  });
});

describe('searching inside chats', () => {
  it('finds messages by their words on the server, shows the snippet marked, and opens the chat at the message', async () => {
    const mira = chat('a', { title: 'Bakery mornings' });
    const found: ChatSearchResponse = {
      success: true,
      data: [
        {
          chat_id: 'a',
          message_id: 'a-7',
          seq: 7,
          role: 'assistant',
          name: 'Mira',
          send_date: time,
          snippet: 'The last croissant is yours.',
          marks: [[9, 18]],
        },
      ],
      chats: [mira as RecentChat],
      next: null,
    };
    vi.mocked(searchApi.searchChats).mockResolvedValue(found);
    const onOpenHit = vi.fn();
    render(<ChatHistoryPanel selectedChatId={null} onSelect={vi.fn()} onOpenHit={onOpenHit} />);
    fireEvent.change(screen.getByPlaceholderText('Search for a profile...'), { target: { value: 'croissant' } });
    const hits = await screen.findByRole('region', { name: 'Messages found' });
    const hit = await within(hits).findByRole('button', { name: /Bakery mornings/ });
    expect(hit.querySelector('mark')?.textContent).toBe('croissant');
    expect(hit.textContent).toContain('Mira: The last croissant is yours.');
    expect(searchApi.searchChats).toHaveBeenCalledWith({ q: 'croissant' });
    fireEvent.click(hit);
    expect(onOpenHit).toHaveBeenCalledWith(expect.objectContaining({ chat_id: 'a', seq: 7 }));
    // The hit's chat is saved, so opening it works like opening any chat.
    expect((await db.chats.get('a'))?.title).toBe('Bakery mornings');
  });

  it('offline, searches the messages the device holds and says so', async () => {
    await db.chats.put(chat('a', { title: 'Harbour' }));
    await db.messages.bulkPut([
      message('a', 1, 'The **lighthouse** keeps its watch.'),
      message('a', 2, 'Gulls over the bay.'),
      { ...message('a', 3, 'A lighthouse keeper waits.'), state: 'failed' },
    ]);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(<ChatHistoryPanel selectedChatId={null} onSelect={vi.fn()} onOpenHit={vi.fn()} />);
      fireEvent.change(screen.getByPlaceholderText('Search for a profile...'), { target: { value: 'lighth' } });
      const hits = await screen.findByRole('region', { name: 'Messages found' });
      expect(await within(hits).findByText('Searched the messages saved on this device.')).toBeTruthy();
      const buttons = await within(hits).findAllByRole('button', { name: /Harbour/ });
      expect(buttons.map((button) => button.querySelector('mark')?.textContent)).toEqual(['lighthouse']);
      expect(buttons[0]!.textContent).toContain('The lighthouse keeps its watch.');
      expect(searchApi.searchChats).not.toHaveBeenCalled();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
