/**
 * The storage quota as a person meets it: Profile says how much of the plan's room their cards and
 * chats take, on a phone and on a desktop, and Pricing says what each plan stores.
 */
import { describe, expect, it } from 'vitest';
import { testCardPng } from '../support/cards';
import { newPage, screenshot, signUp, uniqueEmail, uploadCard } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

describe('storage on Profile and Pricing', () => {
  it("shows 'Storage: X of 250 MB' with a meter after an upload, on a phone and a desktop", async () => {
    const page = await newPage({ phone: true });
    await page.goto('/profile');
    await signUp(page, { name: 'Store Keeper', email: uniqueEmail('storage'), password: 'plenty-of-room-here-1' });
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByText('0 B of 250 MB').waitFor();

    await uploadCard(page, testCardPng({ name: 'Stored', description: 'x'.repeat(50_000) }), 'stored.png');
    await page.reload();
    const line = page.getByText(/^[\d.]+ KB of 250 MB$/);
    await line.waitFor();
    expect(await page.getByRole('meter', { name: 'Storage' }).getAttribute('max')).toBe(String(250 * 1024 * 1024));
    expect(await page.getByText(/^Cards [\d.]+ KB · Chats 0 B$/).count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'profile-storage-phone');

    await page.setViewportSize({ width: 1280, height: 900 });
    await line.waitFor();
    await screenshot(page, 'profile-storage-desktop');

    // Near the quota: the server's answer is replaced with a nearly full account's, to see the meter
    // warn and the way to Pricing (the quota's refusals themselves are API tests).
    const MB = 1024 * 1024;
    await page.route('**/api/users/storage', (route) =>
      route.fulfill({
        json: {
          plan: 'normal',
          used_bytes: 240 * MB,
          quota_bytes: 250 * MB,
          cards_bytes: 40 * MB,
          chats_bytes: 200 * MB,
          portraits_bytes: 0,
        },
      }),
    );
    await page.reload();
    await page.getByText('240 MB of 250 MB').waitFor();
    await page.getByRole('link', { name: 'Pricing' }).last().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'profile-storage-nearly-full-desktop');
    await page.unroute('**/api/users/storage');

    await page.goto('/pricing');
    await page.getByText('250 MB of storage for cards and chats').waitFor();
    expect(await page.getByText('2 GB of storage for cards and chats').count()).toBe(1);
    await page.context().close();
  });
});
