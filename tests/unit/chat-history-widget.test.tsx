import 'fake-indexeddb/auto';
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserProfile } from '@core/contract';
import * as api from '../../src/api/chatList';
import { sessionStore } from '../../src/auth/session';
import { validateChatSearch } from '../../src/features/chat/chatSearch';
import { db, type LocalChat } from '../../src/db/db';
import { ChatHistoryWidget } from '../../src/features/shell/ChatHistoryWidget';

vi.mock('../../src/api/chatList', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/chatList')>()),
  listChats: vi.fn(),
}));

/** The shell in miniature: the widget above the page, a Home and /recent-chat reading `?chat=`. */
function renderShell(path = '/') {
  const root = createRootRoute({
    component: () => (
      <>
        <ChatHistoryWidget />
        <Outlet />
      </>
    ),
  });
  const home = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>Home</p> });
  const favorites = createRoute({ getParentRoute: () => root, path: '/favorites', component: () => <p>Favorites</p> });
  // Under a pathless parent like the app's, so its id is the app's '/_signedIn/recent-chat'.
  const signedIn = createRoute({ getParentRoute: () => root, id: '_signedIn' });
  const chatPage = createRoute({
    getParentRoute: () => signedIn,
    path: '/recent-chat',
    validateSearch: validateChatSearch,
    component: function ChatPage() {
      return <p>Open chat: {chatPage.useSearch().chat}</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([home, favorites, signedIn.addChildren([chatPage])]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(cleanup);

const PROFILE: UserProfile = { uid: 'u1', sub: 'u1', email: 'me@example.test', name: 'Me', picture: null, plan: 'normal', is_admin: false };

function chat(minute: number, name: string): LocalChat {
  const time = new Date(Date.UTC(2026, 10, 20, 10, minute)).toISOString();
  return {
    chat_id: `chat-${minute}`,
    character_name: name,
    character_id: null,
    filename: '',
    card_type: 'public',
    avatar_url: null,
    last_message_time: time,
    modified: time,
    created_at: time,
    message_count: 2,
    size: 10,
  };
}

beforeEach(async () => {
  localStorage.clear();
  vi.mocked(api.listChats)
    .mockReset()
    .mockImplementation(async () => ({
      success: true,
      data: await db.chats.orderBy('last_message_time').reverse().toArray(),
      page: 1,
      page_size: 5,
      total: await db.chats.count(),
      total_pages: 1,
    }));
  await db.chats.clear();
  sessionStore.set({ status: 'signedIn', profile: PROFILE });
});

describe('the chat-history widget', () => {
  it('lists the newest five chats, each opening /recent-chat?chat=<id> in one click', async () => {
    await db.chats.bulkPut(['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald'].map((name, i) => chat(i, name)));
    const router = renderShell();
    const nav = await screen.findByRole('navigation', { name: 'Chat history' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.title)).toEqual(
      ['Donald', 'Barbara', 'Edsger', 'Alan', 'Grace'].map((name) => `Continue chatting with ${name}`),
    );
    const donald = within(nav).getByRole('link', { name: 'Donald' });
    expect(donald.getAttribute('href')).toBe('/recent-chat?chat=chat-5');
    fireEvent.click(donald);
    expect(await screen.findByText('Open chat: chat-5')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/recent-chat');
    // The full list is on that page: the widget steps aside there.
    expect(screen.queryByRole('navigation', { name: 'Chat history' })).toBeNull();
  });

  it('folds away and remembers it', async () => {
    await db.chats.put(chat(1, 'Ada'));
    renderShell();
    const toggle = await screen.findByRole('button', { name: 'Recent chats' });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('link')).toBeNull();
    cleanup();
    renderShell();
    expect((await screen.findByRole('button', { name: 'Recent chats' })).getAttribute('aria-expanded')).toBe('false');
  });

  it('is not on /recent-chat, and hides when the chats are gone or the user signs out', async () => {
    await db.chats.put(chat(1, 'Ada'));
    const router = renderShell('/recent-chat?chat=x');
    await screen.findByText('Open chat: x');
    await vi.waitFor(() => expect(api.listChats).toHaveBeenCalled());
    expect(screen.queryByRole('navigation', { name: 'Chat history' })).toBeNull();

    await act(() => router.navigate({ to: '/favorites' }));
    await screen.findByRole('navigation', { name: 'Chat history' });
    await db.chats.clear();
    await waitFor(() => expect(screen.queryByRole('navigation')).toBeNull());

    await db.chats.put(chat(2, 'Grace'));
    await screen.findByRole('navigation', { name: 'Chat history' });
    act(() => sessionStore.set({ status: 'signedOut' }));
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});
