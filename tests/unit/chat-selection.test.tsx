import 'fake-indexeddb/auto';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RecentChat } from '@core/contract';
import { db } from '../../src/db/db';
import { validateChatSearch } from '../../src/features/chat/chatSearch';
import { useChatSelection } from '../../src/features/chat/useChatSelection';

// A chat the device does not know is asked of the server; here it has none.
vi.mock('../../src/sync/chatMessages', async () => {
  const { ApiError } = await import('../../src/api/errors');
  return { pullNewestMessages: () => Promise.reject(new ApiError('Chat not found', 404, 'not_found')) };
});

// What the server lists for a card; one test makes it unreachable.
let serverChats: RecentChat[] = [];
const listChats = vi.fn((_request: unknown) =>
  Promise.resolve({ data: serverChats, page: 1, page_size: 1, total: serverChats.length, total_pages: 1 }),
);
vi.mock('../../src/api/chatList', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatList')>()),
  listChats: (request: unknown) => listChats(request),
}));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function Probe() {
  const selection = useChatSelection();
  return (
    <output>
      {selection.chatId ?? 'none'}|
      {selection.target ? `${selection.target.seed.character_name}:${selection.target.localOnly}` : 'no target'}|
      {useLiveQuery(() => db.chats.count())} chats
    </output>
  );
}

function renderAt(path: string) {
  const root = createRootRoute({ component: Outlet });
  // Under a pathless parent like the app's, so its id is the app's '/_signedIn/recent-chat'.
  const signedIn = createRoute({ getParentRoute: () => root, id: '_signedIn' });
  const route = createRoute({ getParentRoute: () => signedIn, path: '/recent-chat', validateSearch: validateChatSearch, component: Probe });
  const router = createRouter({
    routeTree: root.addChildren([signedIn.addChildren([route])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

const time = new Date(2026, 10, 21, 9).toISOString();
function chat(chatId: string, extra: Partial<RecentChat> & { localOnly?: boolean } = {}) {
  return {
    chat_id: chatId,
    character_name: 'Ada',
    character_id: 'card-1',
    filename: 'ada.png',
    card_type: 'public' as const,
    avatar_url: null,
    last_message_time: time,
    modified: time,
    created_at: time,
    message_count: 2,
    size: 10,
    ...extra,
  };
}

function clickCard() {
  const selected = {
    id: 'card-1',
    filename: 'ada.png',
    name: 'Ada',
    description: '',
    title: 'Ada',
    avatar_url: '',
    tags: [],
    card_type: 'public',
    card_data: { data: { name: 'Ada', first_mes: 'Hi' } },
  };
  localStorage.setItem('selectedCharacter', JSON.stringify(selected));
  localStorage.setItem('isFromCardClick', 'true');
}

const shown = () => screen.getByRole('status').textContent;

beforeEach(async () => {
  await db.chats.clear();
  localStorage.clear();
  serverChats = [];
  listChats.mockClear();
});

const offline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

describe('the selected chat', () => {
  it("comes from a card click offline: the device's latest chat with that card", async () => {
    offline();
    await db.chats.bulkPut([
      chat('older', { last_message_time: '2026-11-01T00:00:00.000Z' }),
      chat('latest'),
      chat('other', { character_id: 'card-2' }),
    ]);
    clickCard();
    const router = renderAt('/recent-chat');
    await vi.waitFor(() => expect(shown()).toBe('latest|Ada:false|3 chats'));
    expect(router.state.location.search).toEqual({ chat: 'latest' });
    expect(listChats).not.toHaveBeenCalled();
  });

  it("comes from a card click online: the server's latest chat with that card, saved on a device that had none", async () => {
    serverChats = [chat('on-server')];
    clickCard();
    const router = renderAt('/recent-chat');
    await vi.waitFor(() => expect(shown()).toBe('on-server|Ada:false|1 chats'));
    expect(router.state.location.search).toEqual({ chat: 'on-server' });
    expect(listChats).toHaveBeenCalledWith({ character_id: 'card-1', page: 1, page_size: 1 });
  });

  it("keeps the device's answer when the server cannot be reached", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    listChats.mockRejectedValueOnce(new Error('Failed to fetch'));
    await db.chats.put(chat('here'));
    clickCard();
    renderAt('/recent-chat');
    await vi.waitFor(() => expect(shown()).toBe('here|Ada:false|1 chats'));
  });

  it('is a new chat with an id made here when the device has none with that card', async () => {
    clickCard();
    const router = renderAt('/recent-chat');
    await vi.waitFor(() => expect(shown()).toMatch(/^[0-9a-f-]{36}\|Ada:true\|0 chats$/));
    expect(router.state.location.search.chat).toMatch(/^[0-9a-f-]{36}$/);
    expect(localStorage.getItem('isFromCardClick')).toBeNull();
  });

  it('is cleared when it vanishes from the recent list, unless it was made on this device', async () => {
    await db.chats.bulkPut([chat('stored'), chat('mine', { localOnly: true })]);
    renderAt('/recent-chat?chat=mine');
    await vi.waitFor(() => expect(shown()).toBe('mine|Ada:true|2 chats'));
    await act(() => db.chats.delete('mine'));
    // Seen gone (the rule has run), and still selected once a later change has come through too.
    await vi.waitFor(() => expect(shown()).toBe('mine|Ada:true|1 chats'));
    await act(() => db.chats.put(chat('later')));
    await vi.waitFor(() => expect(shown()).toBe('mine|Ada:true|2 chats'));
    cleanup();

    renderAt('/recent-chat?chat=stored');
    await vi.waitFor(() => expect(shown()).toBe('stored|Ada:false|2 chats'));
    await act(() => db.chats.delete('stored'));
    await vi.waitFor(() => expect(shown()).toBe('none|no target|1 chats'));
  });

  it('is cleared when the URL names a chat neither the device nor the server has', async () => {
    renderAt('/recent-chat?chat=unknown');
    await vi.waitFor(() => expect(shown()).toBe('none|no target|0 chats'));
  });
});
