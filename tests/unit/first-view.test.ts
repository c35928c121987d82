import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GALLERY_FIRST_PAGE_URL } from '@core/gallery';
import type { PublicImage } from '@core/contract';
import { galleryCards } from '../../src/db/cards';
import { db } from '../../src/db/db';
import { afterFirstView } from '../../src/pwa/afterFirstView';
import { pullFirstGalleryPageEarly, pullGallery } from '../../src/sync/gallery';

function card(n: number): PublicImage {
  const id = `card-${n}`;
  return {
    file_id: id,
    title: `${id}.png`,
    display_title: id,
    filename: `${id}.png`,
    url: `/api/upload/image/${id}`,
    thumbnail_url: `/api/upload/image/thumbnail/${id}/240.webp`,
    thumbnail_srcset: `/api/upload/image/thumbnail/${id}/240.webp 240w`,
    upload_time: new Date(Date.UTC(2026, 10, 1, 0, n)).toISOString(),
    favorite_count: 0,
    chat_count: 0,
    creator_handle: null,
    content_rating: 'sfw',
    card_data: {
      spec_version: '2.0',
      data: { name: id, description: '', personality: '', scenario: '', first_mes: '', creator: '', tags: [] },
    },
  };
}

const page = (cards: PublicImage[]) =>
  new Response(JSON.stringify({ success: true, data: cards, total: cards.length, limit: 20, offset: 0 }), {
    headers: { 'content-type': 'application/json' },
  });

/** The URL a fetch was made for, whether it was given a string or a Request (ky). */
const urlOf = (input: unknown) => (input instanceof Request ? input.url : String(input));

describe("Home's first gallery page, pulled at start-up", () => {
  const fetchMock = vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>();
  beforeEach(async () => {
    await db.cards.clear();
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("is asked for once, by the shell's preload URL, and is what Home's first pull gets", async () => {
    fetchMock.mockResolvedValue(page([card(1), card(2)]));
    expect((await pullFirstGalleryPageEarly()).map((c) => c.file_id)).toEqual(['card-1', 'card-2']);
    expect(await pullGallery({ offset: 0 })).toEqual({ total: 2, count: 2, hasMore: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(urlOf(fetchMock.mock.calls[0]![0])).toBe(GALLERY_FIRST_PAGE_URL);
    expect((await galleryCards({ limit: 20 })).map((c) => c.file_id).sort()).toEqual(['card-1', 'card-2']);
    // Taken once: the next pull (a retry, coming back online) asks the server afresh.
    fetchMock.mockResolvedValue(page([card(3)]));
    await pullGallery({ offset: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is asked for again through the API client when the early answer failed', async () => {
    fetchMock.mockResolvedValueOnce(new Response('busy', { status: 503 }));
    await expect(pullFirstGalleryPageEarly()).rejects.toThrow('503');
    fetchMock.mockResolvedValue(page([card(4)]));
    expect(await pullGallery({ offset: 0 })).toEqual({ total: 1, count: 1, hasMore: false });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect((await galleryCards({ limit: 20 })).map((c) => c.file_id)).toEqual(['card-4']);
  });

  it('is not what a search gets', async () => {
    fetchMock.mockImplementation(async () => page([card(5)]));
    await pullFirstGalleryPageEarly();
    await pullGallery({ q: 'elf', offset: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(urlOf(fetchMock.mock.calls[1]![0])).toContain('q=elf');
  });
});

describe('the first view being complete', () => {
  afterEach(() => {
    document.body.innerHTML = '';
    vi.useRealTimers();
  });

  /** An <img fetchpriority="high"> whose `complete` the test decides. */
  function priorityImage(): { image: HTMLImageElement; finish(): void } {
    const image = document.createElement('img');
    image.setAttribute('fetchpriority', 'high');
    let complete = false;
    Object.defineProperty(image, 'complete', { get: () => complete });
    return {
      image,
      finish() {
        complete = true;
        image.dispatchEvent(new Event('load'));
      },
    };
  }

  const settles = async (promise: Promise<void>) => {
    let settled = false;
    void promise.then(() => (settled = true));
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    return settled;
  };

  it("waits for the cards' first-row pictures, which arrive after the data", async () => {
    let cardsArrived!: (count: number) => void;
    const done = afterFirstView(new Promise<number>((resolve) => (cardsArrived = resolve)));
    expect(await settles(done)).toBe(false);
    cardsArrived(12);
    const first = priorityImage();
    const second = priorityImage();
    document.body.append(first.image, second.image);
    expect(await settles(done)).toBe(false);
    first.finish();
    expect(await settles(done)).toBe(false);
    second.finish();
    expect(await settles(done)).toBe(true);
  });

  it('does not wait for pictures when there is no data to wait for, or it failed, or none came', async () => {
    expect(await settles(afterFirstView())).toBe(true);
    expect(await settles(afterFirstView(Promise.reject(new Error('offline'))))).toBe(true);
    expect(await settles(afterFirstView(Promise.resolve(0)))).toBe(true);
  });

  it('stops waiting ten seconds after load, however slow the pictures', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const { image } = priorityImage();
    document.body.append(image);
    let settled = false;
    void afterFirstView(Promise.resolve(3)).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(9_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(settled).toBe(true);
  });
});
