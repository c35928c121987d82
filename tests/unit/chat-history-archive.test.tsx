import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '../../src/api/chatList';
import { ApiError } from '../../src/api/errors';
import { db, type LocalChat } from '../../src/db/db';
import { ChatMenu } from '../../src/features/chat/archive/ChatMenu';
import { ImportChatsButton } from '../../src/features/chat/archive/ImportChatsButton';
import { installDialogStandIn } from './dialogStandIn';

vi.mock('../../src/api/chatList', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatList')>()),
  listChats: vi.fn(),
  deleteChat: vi.fn(),
  importChats: vi.fn(),
  exportChat: vi.fn(),
}));

afterEach(cleanup);

beforeAll(installDialogStandIn);

beforeEach(async () => {
  vi.mocked(api.listChats).mockReset().mockResolvedValue({ success: true, data: [], page: 1, page_size: 5, total: 0, total_pages: 0 });
  vi.mocked(api.importChats).mockReset();
  vi.mocked(api.deleteChat).mockReset();
  await db.chats.clear();
  await db.messages.clear();
});

const ADA: LocalChat = {
  chat_id: 'chat-ada',
  character_name: 'Ada',
  character_id: 'card-ada',
  filename: 'ada.png',
  card_type: 'public',
  avatar_url: null,
  last_message_time: '2026-11-20T10:00:00.000Z',
  modified: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T09:00:00.000Z',
  message_count: 7,
  size: 300,
};

function chooseFile(...names: string[]) {
  const input = screen.getByLabelText('Chat files (.zip, .jsonl, .json)') as HTMLInputElement;
  fireEvent.change(input, { target: { files: names.map((name) => new File(['PK'], name, { type: 'application/zip' })) } });
}

const dialogTitle = async () => (await screen.findByRole('heading', { level: 2 })).textContent;

describe('importing chats', () => {
  it('refuses a file that is not a chat file without sending any, naming it and what works', async () => {
    render(<ImportChatsButton />);
    expect(screen.getByLabelText('Chat files (.zip, .jsonl, .json)').hasAttribute('multiple')).toBe(true);
    chooseFile('chat.jsonl', 'notes.txt');
    expect(await dialogTitle()).toBe('Import Failed');
    expect(screen.getByText(/'notes\.txt' is not a chat file.*\.zip archives, SillyTavern chats \(\.jsonl/)).toBeTruthy();
    expect(api.importChats).not.toHaveBeenCalled();
  });

  it('sends several chat files at once: a .zip, a bare .jsonl and a .json export', async () => {
    vi.mocked(api.importChats).mockResolvedValue({ success: true, message: 'ok', imported: [] });
    render(<ImportChatsButton />);
    chooseFile('archive.zip', 'Aqua.jsonl', 'risu.JSON');
    await waitFor(() => expect(api.importChats).toHaveBeenCalled());
    expect(vi.mocked(api.importChats).mock.calls[0]![0].map((file: File) => file.name)).toEqual(['archive.zip', 'Aqua.jsonl', 'risu.JSON']);
  });

  it("reports 'Import Successful' with what came in, pulls the list and calls back", async () => {
    vi.mocked(api.importChats).mockResolvedValue({
      success: true,
      message: 'Imported 1 chat',
      imported: [{ chat_id: 'chat-new', character_name: 'Grace', character_id: null, message_count: 12 }],
    });
    const onImported = vi.fn();
    render(<ImportChatsButton onImported={onImported} />);
    chooseFile('Grace.ZIP');
    expect(await dialogTitle()).toBe('Import Successful');
    expect(screen.getByText('Chat data has been imported successfully.')).toBeTruthy();
    expect(screen.getByText('Grace: 12 messages')).toBeTruthy();
    expect(onImported).toHaveBeenCalledWith(['chat-new']);
    expect(api.listChats).toHaveBeenCalled();
  });

  it("shows the server's message, or the generic one when it sent none", async () => {
    vi.mocked(api.importChats).mockRejectedValueOnce(new ApiError('The archive holds no .jsonl chat', 400, 'invalid_archive'));
    render(<ImportChatsButton />);
    chooseFile('broken.zip');
    expect(await dialogTitle()).toBe('Import Failed');
    expect(screen.getByText('The archive holds no .jsonl chat')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    vi.mocked(api.importChats).mockRejectedValueOnce(
      new ApiError('Network error. Please check your connection and try again.', 0, 'network'),
    );
    chooseFile('again.zip');
    expect(await screen.findByText('Failed to import chat data. Please try again.')).toBeTruthy();
  });
});

describe('the chat menu', () => {
  it('offers Export and Delete disabled while no chat is selected, and Escape closes it', async () => {
    render(<ChatMenu chat={null} onDeleted={vi.fn()} />);
    const trigger = screen.getByRole('button', { name: 'Chat actions' });
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    fireEvent.click(trigger);
    const exportItem = screen.getByRole('menuitem', { name: /Export chat/ });
    const deleteItem = screen.getByRole('menuitem', { name: /Delete chat/ });
    expect(exportItem.getAttribute('aria-disabled')).toBe('true');
    expect(deleteItem.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(deleteItem);
    expect(screen.queryByRole('heading', { name: 'Delete chat' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('offers the export as .zip, .jsonl and text, and asks the server for the chosen one', async () => {
    vi.mocked(api.exportChat).mockResolvedValue({ blob: new Blob(['x']), filename: 'Ada.txt' });
    const save = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
    try {
      render(<ChatMenu chat={ADA} onDeleted={vi.fn()} />);
      fireEvent.click(screen.getByRole('button', { name: 'Chat actions' }));
      expect(screen.getAllByRole('menuitem').map((item) => item.textContent?.trim())).toEqual([
        'Export chat',
        'Export as .jsonl',
        'Export as text',
        'Rename chat',
        'Prompt',
        'Memory',
        'AI settings',
        'Delete chat',
      ]);
      fireEvent.click(screen.getByRole('menuitem', { name: 'Export as text' }));
      await waitFor(() => expect(api.exportChat).toHaveBeenCalledWith({ chat_id: 'chat-ada', character_id: 'card-ada', format: 'txt' }));
    } finally {
      save.mockRestore();
    }
  });

  it('asks before deleting, naming the character and the messages lost, with Cancel focused', async () => {
    await db.chats.put(ADA);
    vi.mocked(api.deleteChat).mockResolvedValue({ success: true, message: 'Chat deleted' });
    const onDeleted = vi.fn();
    render(<ChatMenu chat={ADA} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Chat actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: /Delete chat/ }));
    expect(await dialogTitle()).toBe('Delete chat');
    // The name sits in a <bdi> inside the sentence, so the paragraph's whole text is matched.
    expect(
      screen.getByText(
        (_, element) => element?.tagName === 'P' && /with Ada\? Its 7 messages will be lost/.test(element.textContent ?? ''),
      ),
    ).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancel');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.deleteChat).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Chat actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: /Delete chat/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(api.deleteChat).toHaveBeenCalledWith('chat-ada');
    expect(await db.chats.get('chat-ada')).toBeUndefined();
  });

  it("disables Export, Delete and Import offline with the reason 'You're offline'", () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(
        <>
          <ImportChatsButton />
          <ChatMenu chat={ADA} onDeleted={vi.fn()} />
        </>,
      );
      const importButton = screen.getByRole('button', { name: /Import/ }) as HTMLButtonElement;
      expect(importButton.disabled).toBe(true);
      expect(importButton.title).toBe("You're offline");
      fireEvent.click(screen.getByRole('button', { name: 'Chat actions' }));
      for (const name of [/Export chat/, /Delete chat/]) {
        const item = screen.getByRole('menuitem', { name });
        expect(item.getAttribute('aria-disabled')).toBe('true');
        expect(item.title).toBe("You're offline");
      }
    } finally {
      onLine.mockRestore();
    }
  });

  it('says so when the delete fails, and keeps the chat', async () => {
    await db.chats.put(ADA);
    vi.mocked(api.deleteChat).mockRejectedValue(new ApiError('HTTP 500: Internal Server Error', 500));
    const onDeleted = vi.fn();
    render(<ChatMenu chat={ADA} onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Chat actions' }));
    fireEvent.click(screen.getByRole('menuitem', { name: /Delete chat/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete chat. Please try again.')).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
    expect(await db.chats.get('chat-ada')).toBeDefined();
  });
});
