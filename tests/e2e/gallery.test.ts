import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_CHARACTERS } from '../../server/seed/characters';
import { homeWithSeededCards, newPage, openOffline, screenshot } from './browser';
import { horizontalOverflow, serviceWorkerInControl, seriousViolations } from './page-checks';

// The gallery list, not the image paths under /api/upload/image/.
const LIST = /\/api\/upload\/image(\?.*)?$/;

/** A gallery entry as the server would send it; its thumbnails do not exist, so the fallback shows. */
function fakeCard(n: number, data: { name: string; creator?: string; tags?: string[]; description?: string }) {
  const id = `fake-${n}`;
  return {
    file_id: id,
    title: `${id}.png`,
    display_title: data.name,
    filename: `${id}.png`,
    url: `/api/upload/image/${id}`,
    thumbnail_url: `/api/upload/image/thumbnail/${id}/240.webp`,
    thumbnail_srcset: `/api/upload/image/thumbnail/${id}/240.webp 240w, /api/upload/image/thumbnail/${id}/480.webp 480w`,
    upload_time: new Date(Date.UTC(2026, 10, 20, 12, 60 - n)).toISOString(),
    favorite_count: n,
    card_data: {
      spec_version: '3.0',
      data: { personality: '', scenario: '', first_mes: '', description: '', creator: '', tags: [], ...data },
    },
  };
}

const FAKE_CARDS = [
  fakeCard(1, {
    name: 'Captain Mara Vell',
    creator: 'stellar',
    tags: ['Sci-Fi', 'Space', 'Captain', 'Adventure', 'Drama'],
    description: 'Commands a salvage ship on the outer rim, and never leaves crew behind.',
  }),
  fakeCard(2, { name: 'Professor Quill', creator: 'inkwell', tags: ['Academia'], description: 'A tutor of forgotten languages.' }),
  fakeCard(3, { name: 'Nameless Wanderer' }),
];

describe('the home gallery', () => {
  it("shows cardchat's own seeded characters on a fresh server, with real portraits, without sideways scrolling", async () => {
    for (const phone of [false, true]) {
      const page = await newPage({ phone });
      if (!phone) await page.setViewportSize({ width: 1280, height: 800 });
      await homeWithSeededCards(page);
      const portrait = page.locator('img[srcset]').first();
      await expect
        .poll(() =>
          portrait.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && !img.currentSrc.includes('default-avatar')),
        )
        .toBe(true);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `gallery-seeded-${phone ? 'phone' : 'desktop'}`);
      await page.context().close();
    }
  });

  it('shows the empty state when the server has no public cards', async () => {
    const page = await newPage({ phone: true });
    await page.route(LIST, (route) => route.fulfill({ json: { success: true, data: [], total: 0, limit: 20, offset: 0 } }));
    await page.goto('/');
    await page.getByText('No characters yet').waitFor();
    await page.getByRole('tab', { name: 'Character Cards' }).waitFor();
    await page.context().close();
  });

  it("shows 'Failed to load public images' on a server error, and Retry loads the gallery", async () => {
    const page = await newPage();
    const fail = (route: Route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"server_error","message":"boom"}' });
    await page.route(LIST, fail);
    await page.goto('/');
    await page.getByText('Failed to load public images').waitFor();
    await page.unroute(LIST, fail);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByRole('heading', { name: SEED_CHARACTERS[0]!.name }).waitFor();
    expect(await page.getByText('Failed to load public images').count()).toBe(0);
    await page.context().close();
  });

  it('puts the top bar search into ?q= and shows what the server finds by tag, or says nothing matched', async () => {
    const page = await newPage({ phone: true });
    await page.goto('/');
    await page.getByRole('heading', { name: SEED_CHARACTERS[0]!.name }).waitFor();
    const asked = page.waitForRequest((request) => LIST.test(request.url()) && new URL(request.url()).searchParams.get('q') === 'dragon');
    const search = page.getByRole('searchbox', { name: 'Search characters' });
    await search.fill('dragon');
    await search.press('Enter');
    await asked;
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('dragon');
    // Only the wyvern courier carries the 'dragons' tag.
    await expect
      .poll(() => page.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label'))))
      .toEqual(['Kestrel Amaranth']);
    await search.fill('zzqx');
    await search.press('Enter');
    await page.getByText('No characters match “zzqx”').waitFor();
    await page.context().close();
  });

  it('draws cards the server lists, opens the view modal, and sends a signed-out favorite to sign-in', async () => {
    for (const phone of [false, true]) {
      const page = await newPage({ phone });
      if (!phone) await page.setViewportSize({ width: 1280, height: 800 });
      await page.route(LIST, (route) =>
        route.fulfill({ json: { success: true, data: FAKE_CARDS, total: FAKE_CARDS.length, limit: 20, offset: 0 } }),
      );
      await page.goto('/');
      const captain = page.getByRole('article', { name: 'Captain Mara Vell' });
      await captain.waitFor();
      // Up to 3 of its 5 tags, whole, as many as fit on the tile's line, then '+N' for the others.
      const tags = await captain.getByRole('list', { name: 'Tags' }).getByRole('listitem').allInnerTexts();
      const shown = tags.slice(0, -1);
      expect(shown.length).toBeGreaterThanOrEqual(1);
      expect(shown).toEqual(['Sci-Fi', 'Space', 'Captain'].slice(0, shown.length));
      expect(tags.at(-1)).toBe(`+${5 - shown.length}`);
      expect(await captain.innerText()).toContain('@stellar');
      expect(await page.getByRole('article', { name: 'Nameless Wanderer' }).innerText()).toContain('@Unknown');
      // The thumbnails do not exist: every image falls back to the default avatar.
      await expect.poll(() => page.locator('article img[src="/default-avatar.png"]').count()).toBe(3);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `gallery-cards-${phone ? 'phone' : 'desktop'}`);

      await page.getByRole('button', { name: 'View Captain Mara Vell' }).click();
      const dialog = page.getByRole('dialog', { name: 'Captain Mara Vell' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Sci-Fi, Space, Captain, Adventure, Drama');
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `gallery-view-${phone ? 'phone' : 'desktop'}`);
      // A click at the very corner of the page lands on the backdrop.
      await page.mouse.click(2, 2);
      await dialog.waitFor({ state: 'hidden' });

      if (!phone) {
        await page.getByRole('button', { name: 'Add Professor Quill to favorites' }).click();
        await page.waitForURL((url) => url.pathname !== '/');
        expect(new URL(page.url()).pathname).toMatch(/^\/(login|oidc\/)/);
      }
      await page.context().close();
    }
  });

  it('opens /recent-chat from a card, remembering the character as public', async () => {
    const page = await newPage();
    await page.route(LIST, (route) =>
      route.fulfill({ json: { success: true, data: FAKE_CARDS, total: FAKE_CARDS.length, limit: 20, offset: 0 } }),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Chat with Professor Quill' }).click();
    await page.waitForURL((url) => url.pathname !== '/');
    // The guard may already be redirecting to sign-in (same origin), so read once it has settled.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('selectedCharacter')).catch(() => null)).not.toBeNull();
    const selected = JSON.parse((await page.evaluate(() => localStorage.getItem('selectedCharacter')))!);
    expect(selected).toMatchObject({ id: 'fake-2', name: 'Professor Quill', card_type: 'public', tags: ['Academia'] });
    expect(await page.evaluate(() => localStorage.getItem('isFromCardClick'))).toBe('true');
    await page.context().close();
  });

  it("loads the next 20 with 'Load more' while the server has more", async () => {
    const page = await newPage();
    const many = Array.from({ length: 21 }, (_, i) => fakeCard(10 + i, { name: `Extra ${10 + i}` }));
    await page.route(LIST, (route) => {
      const offset = Number(new URL(route.request().url()).searchParams.get('offset'));
      return route.fulfill({ json: { success: true, data: many.slice(offset, offset + 20), total: many.length, limit: 20, offset } });
    });
    await page.goto('/');
    await page.getByRole('article', { name: 'Extra 10' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(20);
    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByRole('article', { name: 'Extra 30' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(21);
    await page.getByRole('button', { name: 'Load more' }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('shows the cached cards offline with a note, and searches them on the device', async () => {
    const page = await newPage({ phone: true });
    const list = (route: Route) =>
      route.fulfill({ json: { success: true, data: FAKE_CARDS, total: FAKE_CARDS.length, limit: 20, offset: 0 } });
    await page.route(LIST, list);
    await page.goto('/');
    await page.getByRole('article', { name: 'Professor Quill' }).waitFor();
    await serviceWorkerInControl(page);
    await page.unroute(LIST, list);
    await page.context().setOffline(true);
    await openOffline(page, () => page.goto('/'));
    await page.getByText("You're offline: showing the cards saved on this device.").waitFor();
    expect(await page.getByRole('article').count()).toBe(3);
    const search = page.getByRole('searchbox', { name: 'Search characters' });
    await search.fill('INKWELL');
    await search.press('Enter');
    await expect.poll(() => page.getByRole('article').count()).toBe(1);
    await page.getByRole('article', { name: 'Professor Quill' }).waitFor();
    await search.fill('space');
    await search.press('Enter');
    await page.getByRole('article', { name: 'Captain Mara Vell' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await screenshot(page, 'gallery-offline-search-phone');
    await page.context().close();
  });
});
