import 'fake-indexeddb/auto';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicImage } from '@core/contract';
import { galleryCards, listKey, saveGalleryPage, searchTextOf } from '../../src/db/cards';
import { db, type CachedCard } from '../../src/db/db';
import { CharacterCard } from '../../src/features/gallery/CharacterCard';
import { rememberSelectedCharacter } from '../../src/features/gallery/cardActions';
import { toCardView } from '../../src/features/gallery/cardView';
import { tagsThatFit } from '../../src/ui/useTagsThatFit';

afterEach(cleanup);

let counter = 0;
function image(data: Partial<PublicImage['card_data']['data']> = {}, extra: Partial<PublicImage> = {}): PublicImage {
  counter += 1;
  const id = `card-${counter}`;
  return {
    file_id: id,
    title: `${id}.png`,
    display_title: data.name ?? id,
    filename: `${id}.png`,
    url: `/api/upload/image/${id}`,
    thumbnail_url: `/api/upload/image/thumbnail/${id}/240.webp`,
    thumbnail_srcset: `/api/upload/image/thumbnail/${id}/240.webp 240w, /api/upload/image/thumbnail/${id}/480.webp 480w`,
    upload_time: new Date(Date.UTC(2026, 10, 1, 0, counter)).toISOString(),
    favorite_count: 0,
    chat_count: 0,
    creator_handle: null,
    content_rating: 'sfw',
    card_data: {
      spec_version: '2.0',
      data: { name: id, description: '', personality: '', scenario: '', first_mes: '', creator: '', tags: [], ...data },
    },
    ...extra,
  };
}

function cached(source: PublicImage): CachedCard {
  return { ...source, searchText: searchTextOf(source) };
}

function renderCard(source: PublicImage) {
  const handlers = { onOpen: vi.fn(), onView: vi.fn(), onFavorite: vi.fn(), onDownload: vi.fn() };
  render(<CharacterCard card={cached(source)} {...handlers} />);
  return handlers;
}

describe('a gallery card', () => {
  it('shows the name, the first 3 tags and +N, the creator and the like count', () => {
    renderCard(image({ name: 'Ada', creator: 'lovelace', tags: ['a', 'b', 'c', 'd', 'e'] }, { favorite_count: 7 }));
    const card = screen.getByRole('article', { name: 'Ada' });
    expect(within(card).getByRole('heading', { name: 'Ada' })).toBeTruthy();
    const tags = within(card).getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['a', 'b', 'c', '+2']);
    expect(card.textContent).toContain('@lovelace');
    expect(within(card).getByLabelText('7 likes').textContent).toBe('7');
  });

  it("shows '@Unknown' without a creator and the tag 'Character' without tags", () => {
    renderCard(image({ name: 'Nobody' }));
    const card = screen.getByRole('article', { name: 'Nobody' });
    expect(card.textContent).toContain('@Unknown');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Character']);
  });

  it('shows 3 tags without +N when there are exactly 3', () => {
    renderCard(image({ name: 'Three', tags: ['x', 'y', 'z'] }));
    expect(
      within(screen.getByRole('article'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['x', 'y', 'z']);
  });

  it('uses the description, else the scenario, else the upload date', () => {
    expect(toCardView(image({ description: 'Desc', scenario: 'Scene' })).description).toBe('Desc');
    expect(toCardView(image({ scenario: 'Scene' })).description).toBe('Scene');
    const bare = image();
    expect(toCardView(bare).description).toBe(`A character image uploaded on ${new Date(bare.upload_time).toLocaleDateString()}`);
    renderCard(image({ name: 'Scened', scenario: 'On a ship' }));
    expect(screen.getByRole('article', { name: 'Scened' }).textContent).toContain('On a ship');
  });

  it('reads {{char}} and {{user}} in the description as the name and the viewer', () => {
    const view = toCardView(image({ name: 'Thistle', description: '{{char}} sells weather to {{USER}}.' }));
    expect(view.description).toBe('Thistle sells weather to you.');
    expect(toCardView(image({ name: 'Thistle', description: '<BOT> greets <user>.' }), 'Ada').description).toBe('Thistle greets Ada.');
  });

  it('loads a lazy 2:3 thumbnail with srcset and falls back to the default avatar on error', () => {
    renderCard(image({ name: 'Pic' }));
    const img = screen.getByRole('article', { name: 'Pic' }).querySelector('img')!;
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('decoding')).toBe('async');
    expect(img.getAttribute('srcset')).toContain('480w');
    fireEvent.error(img);
    expect(img.getAttribute('src')).toBe('/default-avatar.png');
    expect(img.getAttribute('srcset')).toBeNull();
  });

  it('has labelled buttons for opening, viewing, favoriting and downloading', () => {
    const source = image({ name: 'Bo' });
    const handlers = renderCard(source);
    fireEvent.click(screen.getByRole('button', { name: 'Chat with Bo' }));
    fireEvent.click(screen.getByRole('button', { name: 'View Bo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Bo to favorites' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download Bo' }));
    for (const handler of Object.values(handlers)) expect(handler).toHaveBeenCalledTimes(1);
  });

  it('remembers the chosen card for /recent-chat as a public character', () => {
    localStorage.clear();
    const source = image({ name: 'Cy', tags: ['t'], description: 'D' });
    rememberSelectedCharacter(source);
    expect(JSON.parse(localStorage.getItem('selectedCharacter')!)).toEqual({
      id: source.file_id,
      filename: source.filename,
      name: 'Cy',
      description: 'D',
      title: source.title,
      avatar_url: source.url,
      tags: ['t'],
      card_type: 'public',
      card_data: source.card_data,
    });
    expect(localStorage.getItem('isFromCardClick')).toBe('true');
  });
});

describe("a tile's one line of tags", () => {
  // Tag chips 60, 50 and 40 px wide, 4 px apart; '+N' is 30 px.
  const widths = [60, 50, 40];

  it('shows every tag that fits whole, and counts the others in +N', () => {
    expect(tagsThatFit(widths, 30, 4, 158, 3)).toBe(3);
    // Five tags in all: the third fits only without room for '+2', so two show, then '+3'.
    expect(tagsThatFit(widths, 30, 4, 158, 5)).toBe(2);
    expect(tagsThatFit(widths, 30, 4, 192, 5)).toBe(3);
    expect(tagsThatFit(widths, 30, 4, 100, 5)).toBe(1);
  });

  it('always shows at least the first tag (shortened when even it is too wide)', () => {
    expect(tagsThatFit(widths, 30, 4, 20, 3)).toBe(1);
    expect(tagsThatFit([], 30, 4, 20, 0)).toBe(0);
  });
});

describe('the cached gallery', () => {
  beforeEach(async () => {
    await db.cards.clear();
    await db.galleryLists.clear();
  });
  const ids = (cards: CachedCard[]) => cards.map((card) => card.file_id);

  it('shows a list in the order the server gave it, and searches the cached cards offline as the server does', async () => {
    const alice = image({ name: 'Alice Wonder', tags: ['Fantasy'], creator: 'carroll' });
    const bob = image({ name: 'Bob', tags: ['Sci-Fi', 'fantasy-lite'], creator: 'Asimov' });
    const eve = image({ name: 'Eve', tags: ['Noir'], creator: 'Hammett' }, { content_rating: 'nsfw' });
    await saveGalleryPage(listKey({}), [bob, alice, eve], { offset: 0, hasMore: false });
    const names = async (q?: string, nsfw = false) => (await galleryCards({ q, nsfw, limit: 20 })).map((card) => card.card_data.data.name);
    expect(await names()).toEqual(['Bob', 'Alice Wonder', 'Eve']);
    // Never pulled: the cached cards it matches, by the start of their words, newest first.
    expect(await names('WONDER')).toEqual(['Alice Wonder']);
    expect(await names('fantasy')).toEqual(['Bob', 'Alice Wonder']);
    expect(await names('asim')).toEqual(['Bob']);
    expect(await names('onder')).toEqual([]);
    expect(await names('hammett')).toEqual([]);
    expect(await names('hammett', true)).toEqual(['Eve']);
    expect(await galleryCards({ tags: ['fantasy'], limit: 20 })).toHaveLength(1);
    expect(await galleryCards({ limit: 2 })).toHaveLength(2);
  });

  it("replaces a page's places in its list, keeps the rest until the list ends, and keeps favorite flags", async () => {
    const [a, b, c, d, e] = [image(), image(), image(), image(), image()];
    const key = listKey({ sort: 'newest' });
    await saveGalleryPage(key, [a, b], { offset: 0, hasMore: true });
    await saveGalleryPage(key, [c, d], { offset: 2, hasMore: true });
    await db.cards.update(a.file_id, { favorited: true });
    // A fresh first page: `e` is new, `b` moved down; what was pulled after it stays for offline.
    await saveGalleryPage(key, [e, a], { offset: 0, hasMore: true });
    expect(ids(await galleryCards({ sort: 'newest', limit: 20 }))).toEqual([e, a, b, c, d].map((card) => card.file_id));
    expect((await db.cards.get(a.file_id))?.favorited).toBe(true);
    // The server says the list ends at the second page: what came after is gone, and cards no list holds.
    await saveGalleryPage(key, [c], { offset: 2, hasMore: false });
    expect(ids(await galleryCards({ sort: 'newest', limit: 20 }))).toEqual([e, a, c].map((card) => card.file_id));
    expect(await db.cards.get(d.file_id)).toBeUndefined();
  });
});
