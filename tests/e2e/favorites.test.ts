import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_CHARACTERS } from '../../server/seed/characters';
import { homeWithSeededCards, newPage, screenshot, signUp, uniqueEmail } from './browser';

const [FIRST, SECOND] = SEED_CHARACTERS.map((character) => character.name) as [string, string];

/** Signs up from /favorites (the guard sends the visitor to sign-in and back) and waits for the page. */
async function signUpToFavorites(page: Page, name: string): Promise<void> {
  await page.goto('/favorites');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await signUp(page, { name, email: uniqueEmail('fav'), password: 'favorite-things-42' });
  await page.getByRole('heading', { name: 'My Favorites' }).waitFor();
}

/** Favorites the named seeded cards with each card's own Favorite button on Home. */
async function favoriteOnHome(page: Page, names: string[]): Promise<void> {
  await homeWithSeededCards(page);
  for (const name of names) {
    const card = page.getByRole('article', { name });
    await card.getByRole('button', { name: `Add ${name} to favorites` }).click();
    await card.getByRole('button', { name: `Remove ${name} from favorites`, pressed: true }).waitFor();
  }
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

describe('the favorites page', () => {
  it('lists what was favorited on Home, removes one for good, and opens the other in chat', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpToFavorites(page, 'Fave Fan');
    await page.getByText('No favorites yet').waitFor();
    await page.getByText('Start exploring characters and add them to your favorites!').waitFor();

    await favoriteOnHome(page, [FIRST, SECOND]);
    await page.goto('/favorites');
    await page.getByText('2 characters favorited').waitFor();
    for (const name of [FIRST, SECOND]) {
      const card = page.getByRole('article', { name });
      await card.waitFor();
      expect(await card.getByText(/^Added: /).count()).toBe(1);
    }
    expect(await page.getByRole('button', { name: 'Load More' }).count()).toBe(0);
    await screenshot(page, 'favorites-desktop');

    await page.getByRole('button', { name: `Remove ${SECOND} from favorites` }).click();
    await page.getByText('1 character favorited').waitFor();
    await page.getByRole('article', { name: SECOND }).waitFor({ state: 'detached' });

    await page.reload();
    await page.getByText('1 character favorited').waitFor();
    await page.getByRole('article', { name: FIRST }).waitFor();
    expect(await page.getByRole('article', { name: SECOND }).count()).toBe(0);

    await page.getByRole('button', { name: `Chat with ${FIRST}` }).click();
    await page.waitForURL((url) => url.pathname === '/recent-chat');
    const selected = JSON.parse((await page.evaluate(() => localStorage.getItem('selectedCharacter')))!);
    expect(selected).toMatchObject({ name: FIRST, card_type: 'public' });
    expect(typeof selected.id).toBe('string');
    // The chat page opens a chat with that character and uses up the one-shot flag.
    await page.getByPlaceholder('Type a message').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('isFromCardClick'))).toBeNull();
    await page.context().close();
  });

  it('fits a phone without sideways scrolling, with touch-sized buttons', async () => {
    const page = await newPage({ phone: true });
    await signUpToFavorites(page, 'Phone Fan');
    await page.getByText('No favorites yet').waitFor();
    await screenshot(page, 'favorites-empty-phone');

    await favoriteOnHome(page, [FIRST, SECOND]);
    await page.goto('/favorites');
    await page.getByText('2 characters favorited').waitFor();
    await page.getByRole('article', { name: SECOND }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const remove = await page.getByRole('button', { name: `Remove ${FIRST} from favorites` }).boundingBox();
    expect(remove!.height).toBeGreaterThanOrEqual(44);
    await screenshot(page, 'favorites-phone');
    await page.context().close();
  });

  it("loads 10 at a time with 'Load More', and shows the load and remove failures", async () => {
    const page = await newPage();
    await signUpToFavorites(page, 'Many Faves');
    await page.getByText('No favorites yet').waitFor();

    const fakes = Array.from({ length: 11 }, (_, i) => ({
      id: `fav-${i}`,
      file_id: `fake-${i}`,
      image_type: 'public',
      character_name: `Fake ${i}`,
      character_description: 'Not a real card',
      tags: ['one', 'two', 'three', 'four', 'five', 'six', 'seven'],
      url: `/api/upload/image/fake-${i}`,
      created_at: new Date(Date.UTC(2026, 10, 20, 12, 59 - i)).toISOString(),
    }));
    let releasePage2 = () => {};
    const page2Held = new Promise<void>((resolve) => (releasePage2 = resolve));
    await page.route(/\/api\/favorites\/count/, (route) => route.fulfill({ json: { count: 11 } }));
    await page.route(/\/api\/favorites\/list/, async (route) => {
      const n = Number(new URL(route.request().url()).searchParams.get('page'));
      if (n === 2) await page2Held;
      const data = fakes.slice((n - 1) * 10, n * 10);
      await route.fulfill({
        json: { success: true, data, page: n, page_size: 10, total: 11, total_pages: 2, has_next: n < 2, has_prev: n > 1 },
      });
    });
    await page.reload();
    await page.getByText('11 characters favorited').waitFor();
    await page.getByRole('article', { name: 'Fake 9' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(10);

    const card = page.getByRole('article', { name: 'Fake 0' });
    expect(await card.getByRole('listitem').count()).toBe(6);
    await card.getByRole('button', { name: 'Show more' }).click();
    expect(await card.getByRole('listitem').count()).toBe(7);
    await card.getByRole('button', { name: 'Show less' }).waitFor();

    await page.getByRole('button', { name: 'Load More' }).click();
    await page.getByRole('button', { name: 'Loading...' }).waitFor();
    releasePage2();
    await page.getByRole('article', { name: 'Fake 10' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(11);
    await page.getByRole('button', { name: /^(Load More|Loading\.\.\.)$/ }).waitFor({ state: 'detached' });

    await page.route(/\/api\/favorites\/remove\//, (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'boom' } }));
    await page.getByRole('button', { name: 'Remove Fake 3 from favorites' }).click();
    await page.getByRole('alert').filter({ hasText: 'Failed to remove from favorites' }).waitFor();
    expect(await page.getByRole('article', { name: 'Fake 3' }).count()).toBe(1);
    expect(await page.getByText('11 characters favorited').count()).toBe(1);

    await page.unroute(/\/api\/favorites\/list/);
    await page.route(/\/api\/favorites\/list/, (route) => route.fulfill({ status: 500, json: { error: 'internal', message: 'boom' } }));
    await page.reload();
    await page.getByRole('alert').filter({ hasText: 'Failed to load favorites' }).waitFor();
    await page.unroute(/\/api\/favorites\/list/);
    await page.unroute(/\/api\/favorites\/count/);
    await page.getByRole('button', { name: 'Retry' }).click();
    await page.getByText('No favorites yet').waitFor();
    await page.getByText('0 characters favorited').waitFor();
    await page.context().close();
  });

  it('tells a signed-out visitor who is offline to log in', async () => {
    const page = await newPage({ phone: true });
    await page.goto('/');
    await page.getByRole('heading', { name: 'Find your next character' }).waitFor();
    // Offline, the page's code comes from the service worker's precache: wait until it is in control.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
      }
    });
    await page.context().setOffline(true);
    // Client-side navigation: the app shell is already loaded.
    await page.evaluate(() => {
      history.pushState({}, '', '/favorites');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByText('Please log in to view your favorites').waitFor();
    await screenshot(page, 'favorites-signed-out-offline-phone');
    await page.context().close();
  });
});
