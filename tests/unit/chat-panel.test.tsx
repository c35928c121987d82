import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useLiveQuery } from 'dexie-react-hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientConfig } from '@core/contract';
import { db } from '../../src/db/db';
import type { CharacterView } from '../../src/features/chat/chatCharacter';
import { CharacterPanel } from '../../src/features/chat/panel/CharacterPanel';
import { PRIVATE_CARD_TEXT } from '../../src/features/chat/panel/FavoriteButton';
import { NO_IMAGE_SERVICE } from '../../src/features/chat/panel/GeneratePhotoButton';
import type { ChatTarget } from '../../src/features/chat/useChatSelection';

const config: { current: Partial<ClientConfig> } = { current: {} };
vi.mock('../../src/config/useClientConfig', () => ({ useClientConfig: () => config.current }));
const checkFavorite = vi.fn(() => Promise.resolve({ is_favorited: false }));
const addFavorite = vi.fn((_body: unknown) => Promise.resolve({}));
vi.mock('../../src/api/favorites', () => ({
  checkFavorite: () => checkFavorite(),
  addFavorite: (body: unknown) => addFavorite(body),
  removeFavorite: vi.fn(),
}));
const generateChatPhoto = vi.fn((_chatId: string) => Promise.resolve({ success: true, url: '/api/chats/photo/c1' }));
vi.mock('../../src/api/chatMessages', () => ({ generateChatPhoto: (chatId: string) => generateChatPhoto(chatId) }));
const fetchImageBlob = vi.fn((_url: string) => Promise.resolve(new Blob(['png'])));
vi.mock('../../src/api/images', () => ({ fetchImageBlob: (url: string) => fetchImageBlob(url) }));

afterEach(cleanup);
beforeEach(async () => {
  await db.chats.clear();
  config.current = { images: true };
  vi.clearAllMocks();
});

const target: ChatTarget = {
  chatId: 'c1',
  seed: { chat_id: 'c1', character_name: 'Ada', character_id: 'card-1', filename: 'ada.png', card_type: 'public', avatar_url: null },
  row: null,
  localOnly: false,
};
const ada: CharacterView = {
  id: 'card-1',
  name: 'Ada',
  cardType: 'public',
  tags: ['math', 'engines', 'poetry', 'history'],
  filename: 'ada.png',
  card: null,
};

describe('the character panel', () => {
  it('shows 3 tags, then all of them on request', () => {
    render(<CharacterPanel character={ada} target={target} onClose={vi.fn()} />);
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(within(tags).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(screen.getByRole('button', { name: '+1 more' }));
    expect(within(tags).getAllByRole('listitem')).toHaveLength(4);
  });

  it('adds a public card to favorites', async () => {
    render(<CharacterPanel character={ada} target={target} onClose={vi.fn()} />);
    const button = await screen.findByRole('button', { name: 'Add to favorites', pressed: false });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(addFavorite).toHaveBeenCalledWith(expect.objectContaining({ file_id: 'card-1', image_type: 'public' }));
    await screen.findByRole('button', { name: 'In favorites', pressed: true });
  });

  it("offers 'Add to a group' in a chat with one character, not in a group chat's panel", () => {
    render(<CharacterPanel character={ada} target={target} onClose={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Add to a group' })).toBeTruthy();
    cleanup();
    const member = { id: 'm1', character_id: 'card-1', name: 'Ada', card_type: 'public' as const, avatar_url: null, muted: false };
    const group = { ...target.seed, last_message_time: '', modified: '', created_at: '', message_count: 0, size: 0, members: [member] };
    render(<CharacterPanel character={ada} target={{ ...target, row: group }} onClose={vi.fn()} />);
    expect(screen.queryByRole('button', { name: 'Add to a group' })).toBeNull();
  });

  it("says private cards don't need favorites, disabled", () => {
    render(<CharacterPanel character={{ ...ada, cardType: 'user' }} target={target} onClose={vi.fn()} />);
    expect((screen.getByRole('button', { name: PRIVATE_CARD_TEXT }) as HTMLButtonElement).disabled).toBe(true);
    expect(checkFavorite).not.toHaveBeenCalled();
  });

  it("offers 'Generate Photo' for a chat without card details, disabled with the reason when no image service is configured", () => {
    config.current = { images: false };
    render(
      <CharacterPanel
        character={{ ...ada, id: null, tags: [] }}
        target={{ ...target, seed: { ...target.seed, character_id: null } }}
        onClose={vi.fn()}
      />,
    );
    const button = screen.getByRole('button', { name: 'Generate Photo' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.title).toBe(NO_IMAGE_SERVICE);
    expect(screen.getByText(NO_IMAGE_SERVICE)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /favorites/ })).toBeNull();
  });

  it("shows a chat's generated portrait when it has no card, with the token, as after a reload", async () => {
    const withPhoto = { ...target, seed: { ...target.seed, character_id: null, avatar_url: '/api/chats/photo/c1' } };
    render(<CharacterPanel character={{ ...ada, id: null, tags: [] }} target={withPhoto} onClose={vi.fn()} />);
    expect(await screen.findByRole('img', { name: 'Portrait of Ada' })).toBeTruthy();
    // Owner-only: fetched with the Bearer token, never an <img src> of the API address.
    expect(fetchImageBlob).toHaveBeenCalledWith('/api/chats/photo/c1');
  });

  it("generates a photo for the chat and makes it the chat's avatar in Dexie, which the panel shows", async () => {
    const time = new Date(2026, 10, 21, 9).toISOString();
    await db.chats.put({
      ...target.seed,
      character_id: null,
      last_message_time: time,
      modified: time,
      created_at: time,
      message_count: 2,
      size: 10,
    });
    function LivePanel() {
      const row = useLiveQuery(() => db.chats.get('c1'));
      return (
        <CharacterPanel
          character={{ ...ada, id: null, tags: [] }}
          target={row ? { ...target, seed: row, row } : target}
          onClose={vi.fn()}
        />
      );
    }
    render(<LivePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Generate Photo' }));
    expect(generateChatPhoto).toHaveBeenCalledWith('c1');
    expect(await screen.findByRole('img', { name: 'Portrait of Ada' })).toBeTruthy();
    expect((await db.chats.get('c1'))?.avatar_url).toMatch(/^\/api\/chats\/photo\/c1#\d+$/);
    expect(fetchImageBlob).toHaveBeenCalledWith(expect.stringMatching(/^\/api\/chats\/photo\/c1#/));
  });
});
