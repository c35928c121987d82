import 'fake-indexeddb/auto';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CharacterDetails, Favorite } from '@core/contract';
import { ApiError } from '../../src/api/errors';
import { db } from '../../src/db/db';
import { favoritesList, saveFavoritesPage } from '../../src/db/favorites';
import { FavoriteCard } from '../../src/features/favorites/FavoriteCard';
import { FavoritesPage } from '../../src/features/favorites/FavoritesPage';
import * as sync from '../../src/sync/favorites';
import { addedLine, afterRemove, characterFromFavorite, countLine, hasMorePages } from '../../src/features/favorites/favoritesLogic';

vi.mock('../../src/sync/favorites', () => ({ pullFavorites: vi.fn(), pullFavoritesCount: vi.fn(), removeFromFavorites: vi.fn() }));

afterEach(cleanup);

let counter = 0;
function favorite(extra: Partial<Favorite> = {}): Favorite {
  counter += 1;
  return {
    id: `fav-${counter}`,
    file_id: `card-${counter}`,
    image_type: 'public',
    character_name: `Character ${counter}`,
    character_description: 'A description',
    tags: [],
    url: `/api/upload/image/card-${counter}`,
    created_at: new Date(Date.UTC(2026, 10, 1, 0, counter)).toISOString(),
    ...extra,
  };
}

describe('the count line', () => {
  it("says 'character' for one and 'characters' otherwise", () => {
    expect(countLine(1)).toBe('1 character favorited');
    expect(countLine(0)).toBe('0 characters favorited');
    expect(countLine(2)).toBe('2 characters favorited');
  });
});

describe('tags', () => {
  it('collapse only above 6', () => {
    render(
      <FavoriteCard
        favorite={favorite({ character_name: 'Seven', tags: ['1', '2', '3', '4', '5', '6', '7'] })}
        onOpen={vi.fn()}
        onRemove={vi.fn()}
        onReplaced={vi.fn()}
      />,
    );
    const card = screen.getByRole('article', { name: 'Seven' });
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['1', '2', '3', '4', '5', '6']);
    expect(within(card).getByRole('button', { name: 'Show more' }).getAttribute('aria-expanded')).toBe('false');
  });

  it("toggle between 'Show more' and 'Show less' on a card", () => {
    render(
      <FavoriteCard
        favorite={favorite({ character_name: 'Ada', tags: ['1', '2', '3', '4', '5', '6', '7', '8'] })}
        onOpen={vi.fn()}
        onRemove={vi.fn()}
        onReplaced={vi.fn()}
      />,
    );
    const card = screen.getByRole('article', { name: 'Ada' });
    expect(within(card).getAllByRole('listitem')).toHaveLength(6);
    fireEvent.click(within(card).getByRole('button', { name: 'Show more' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(8);
    fireEvent.click(within(card).getByRole('button', { name: 'Show less' }));
    expect(within(card).getAllByRole('listitem')).toHaveLength(6);
  });

  it('offer no toggle with 6 or fewer', () => {
    render(
      <FavoriteCard
        favorite={favorite({ character_name: 'Six', tags: ['1', '2', '3', '4', '5', '6'] })}
        onOpen={vi.fn()}
        onRemove={vi.fn()}
        onReplaced={vi.fn()}
      />,
    );
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });
});

describe('a favorite card', () => {
  it("shows 'Added:', an enabled 'Change Character' and a Remove that calls back", () => {
    const onRemove = vi.fn();
    const onOpen = vi.fn();
    const item = favorite({ character_name: 'Grace' });
    render(<FavoriteCard favorite={item} onOpen={onOpen} onRemove={onRemove} onReplaced={vi.fn()} />);
    const card = screen.getByRole('article', { name: 'Grace' });
    expect(card.textContent).toContain(addedLine(item.created_at));
    expect(addedLine(item.created_at)).toMatch(/^Added: /);
    const change = within(card).getByRole('button', { name: 'Change Character Grace' }) as HTMLButtonElement;
    expect(change.disabled).toBe(false);
    fireEvent.click(within(card).getByRole('button', { name: 'Remove Grace from favorites' }));
    expect(onRemove).toHaveBeenCalledWith(item);
    fireEvent.click(within(card).getByRole('button', { name: 'Chat with Grace' }));
    expect(onOpen).toHaveBeenCalledWith(item);
  });

  it("disables Remove offline with the reason 'You're offline'", () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      render(<FavoriteCard favorite={favorite({ character_name: 'Off' })} onOpen={vi.fn()} onRemove={vi.fn()} onReplaced={vi.fn()} />);
      const remove = screen.getByRole('button', { name: 'Remove Off from favorites' }) as HTMLButtonElement;
      expect(remove.disabled).toBe(true);
      expect(remove.title).toBe("You're offline");
    } finally {
      onLine.mockRestore();
    }
  });

  it('falls back to the default image when the picture fails', () => {
    const { container } = render(<FavoriteCard favorite={favorite()} onOpen={vi.fn()} onRemove={vi.fn()} onReplaced={vi.fn()} />);
    const img = container.querySelector('img')!;
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/default-avatar.png');
  });
});

describe('removing', () => {
  it('lowers the count, never below 0', () => {
    expect(afterRemove({ count: 3, page: 1, remaining: 2 }).count).toBe(2);
    expect(afterRemove({ count: 0, page: 1, remaining: 0 }).count).toBe(0);
  });

  it('steps back one page and reloads it only when the list became empty beyond page 1', () => {
    expect(afterRemove({ count: 11, page: 2, remaining: 0 }).reloadPage).toBe(1);
    expect(afterRemove({ count: 11, page: 2, remaining: 3 }).reloadPage).toBeNull();
    expect(afterRemove({ count: 1, page: 1, remaining: 0 }).reloadPage).toBeNull();
  });
});

describe('Load More', () => {
  it('is offered while the page is below total_pages', () => {
    expect(hasMorePages(1, 2)).toBe(true);
    expect(hasMorePages(2, 2)).toBe(false);
    expect(hasMorePages(1, 1)).toBe(false);
    expect(hasMorePages(1, 0)).toBe(false);
  });
});

describe('the local list', () => {
  beforeEach(() => db.favorites.clear());

  it('starts afresh on page 1, appends later pages, and reads newest first', async () => {
    const [a, b, c] = [favorite(), favorite(), favorite()];
    await saveFavoritesPage([a!], { first: true });
    await saveFavoritesPage([c!, b!], { first: true });
    expect((await favoritesList()).map((f) => f.id)).toEqual([c!.id, b!.id]);
    const older = favorite({ created_at: '2020-01-01T00:00:00.000Z' });
    await saveFavoritesPage([older], { first: false });
    expect((await favoritesList()).map((f) => f.id)).toEqual([c!.id, b!.id, older.id]);
  });
});

describe('opening a favorite', () => {
  it("uses the character's details when the server gave them", () => {
    const item = favorite({ character_name: 'Old name' });
    const details: CharacterDetails = {
      file_id: item.file_id,
      filename: 'ada.png',
      url: '/api/upload/image/x',
      display_title: 'Ada',
      tags: ['Math'],
      card_type: 'public',
      card_data: { spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Ada', description: 'Counts', tags: ['Math'] } },
    };
    const image = characterFromFavorite(item, details);
    expect(image).toMatchObject({ file_id: item.file_id, filename: 'ada.png', display_title: 'Ada', url: '/api/upload/image/x' });
    expect(image.card_data.data.name).toBe('Ada');
  });

  it("falls back to the favorite's own data when details failed or are empty", () => {
    const item = favorite({ character_name: 'Mara', character_description: 'Captain', tags: ['Space'] });
    for (const details of [null, {} as CharacterDetails]) {
      const image = characterFromFavorite(item, details);
      expect(image.file_id).toBe(item.file_id);
      expect(image.url).toBe(item.url);
      expect(image.card_data.data).toMatchObject({ name: 'Mara', description: 'Captain', tags: ['Space'] });
    }
  });
});

describe('card text', () => {
  it("reads {{char}} as the character's name", () => {
    render(
      <FavoriteCard
        favorite={favorite({ character_name: 'Bram', character_description: '{{char}} bakes at night.' })}
        onOpen={vi.fn()}
        onRemove={vi.fn()}
        onReplaced={vi.fn()}
      />,
    );
    expect(screen.getByRole('article', { name: 'Bram' }).textContent).toContain('Bram bakes at night.');
  });
});

describe('the Favorites page', () => {
  beforeEach(async () => {
    await db.favorites.clear();
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true });
  });

  async function renderPage(): Promise<void> {
    const router = createRouter({
      routeTree: createRootRoute({ component: FavoritesPage }),
      history: createMemoryHistory({ initialEntries: ['/favorites'] }),
    });
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { name: 'My Favorites' });
  }

  it("never claims '0 characters favorited' when the list failed to load", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.mocked(sync.pullFavorites).mockRejectedValue(new Error('HTTP 500'));
    vi.mocked(sync.pullFavoritesCount).mockRejectedValue(new Error('HTTP 500'));
    await renderPage();
    await screen.findByText('Failed to load favorites');
    expect(screen.queryByText(/favorited/)).toBeNull();
    expect(screen.queryByText('No favorites yet')).toBeNull();
  });

  it('shows the saved favorites, not the error, when the pull gets no answer', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await saveFavoritesPage([favorite({ character_name: 'Kept' })], { first: true });
    vi.mocked(sync.pullFavorites).mockRejectedValue(new ApiError('Network error', 0));
    vi.mocked(sync.pullFavoritesCount).mockRejectedValue(new ApiError('Network error', 0));
    await renderPage();
    expect((await screen.findByRole('status')).textContent).toContain('showing the favorites saved on this device');
    expect(screen.getByText('Kept')).toBeTruthy();
    expect(screen.queryByText('Failed to load favorites')).toBeNull();
  });

  it('shows the count the server gave once the list loaded', async () => {
    vi.mocked(sync.pullFavorites).mockResolvedValue({ page: 1, totalPages: 1 } as Awaited<ReturnType<typeof sync.pullFavorites>>);
    vi.mocked(sync.pullFavoritesCount).mockResolvedValue(0);
    await renderPage();
    await screen.findByText('No favorites yet');
    expect(screen.getByText('0 characters favorited')).toBeTruthy();
  });
});
