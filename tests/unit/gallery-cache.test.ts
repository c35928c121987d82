import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cachedGalleryPage, invalidateGallery } from '../../server/db/galleryCache';

describe('gallery page cache', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const counter = () => {
    let built = 0;
    return { build: async () => `page ${++built}`, built: () => built };
  };

  it('keeps a page for a second, then builds it again', async () => {
    const db = {};
    const page = counter();
    expect(await cachedGalleryPage(db, { sort: 'trending', limit: 20, offset: 0 }, page.build)).toBe('page 1');
    vi.advanceTimersByTime(900);
    expect(await cachedGalleryPage(db, { sort: 'trending', limit: 20, offset: 0 }, page.build)).toBe('page 1');
    vi.advanceTimersByTime(200);
    expect(await cachedGalleryPage(db, { sort: 'trending', limit: 20, offset: 0 }, page.build)).toBe('page 2');
  });

  it('keeps pages apart by limit, offset and database', async () => {
    const page = counter();
    const [one, two] = [{}, {}];
    expect(await cachedGalleryPage(one, { sort: 'trending', limit: 20, offset: 0 }, page.build)).toBe('page 1');
    expect(await cachedGalleryPage(one, { sort: 'trending', limit: 20, offset: 20 }, page.build)).toBe('page 2');
    expect(await cachedGalleryPage(one, { sort: 'trending', limit: 10, offset: 0 }, page.build)).toBe('page 3');
    expect(await cachedGalleryPage(two, { sort: 'trending', limit: 20, offset: 0 }, page.build)).toBe('page 4');
    expect(await cachedGalleryPage(one, { sort: 'trending', limit: 20, offset: 0 }, page.build)).toBe('page 1');
  });

  it('drops every page on a write', async () => {
    const db = {};
    const page = counter();
    await cachedGalleryPage(db, { sort: 'trending', limit: 20, offset: 0 }, page.build);
    invalidateGallery();
    expect(await cachedGalleryPage(db, { sort: 'trending', limit: 20, offset: 0 }, page.build)).toBe('page 2');
    expect(page.built()).toBe(2);
  });

  it('does not keep a page built while a write happened', async () => {
    const db = {};
    const page = counter();
    const racing = await cachedGalleryPage(db, { sort: 'trending', limit: 20, offset: 0 }, async () => {
      invalidateGallery();
      return 'built before the write landed';
    });
    expect(racing).toBe('built before the write landed');
    expect(await cachedGalleryPage(db, { sort: 'trending', limit: 20, offset: 0 }, page.build)).toBe('page 1');
  });

  it('holds a bounded number of pages, forgetting the oldest', async () => {
    const db = {};
    const page = counter();
    for (let offset = 0; offset <= 32; offset++) await cachedGalleryPage(db, { sort: 'trending', limit: 1, offset: offset }, page.build);
    expect(page.built()).toBe(33);
    await cachedGalleryPage(db, { sort: 'trending', limit: 1, offset: 32 }, page.build);
    expect(page.built()).toBe(33);
    await cachedGalleryPage(db, { sort: 'trending', limit: 1, offset: 0 }, page.build);
    expect(page.built()).toBe(34);
  });
});
