import { describe, expect, it } from 'vitest';
import { newPage, newPersistentContext } from './browser';
import { serviceWorkerInControl } from './page-checks';

describe('the installable, offline-capable app', () => {
  it('passes Chromium installability checks on /, on /terms, and offline', async () => {
    const context = await newPersistentContext();
    const page = await context.newPage();
    await page.goto('/');
    await serviceWorkerInControl(page);
    const cdp = await page.context().newCDPSession(page);
    const installabilityErrors = async () =>
      ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> }).installabilityErrors;
    expect(await installabilityErrors()).toEqual([]);
    const manifest = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
    expect(manifest.errors).toEqual([]);
    expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);

    await page.goto('/terms');
    expect(await installabilityErrors()).toEqual([]);
    // Served by the service worker alone, the app is still installable.
    await context.setOffline(true);
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Find your next character' }).waitFor();
    expect(await installabilityErrors()).toEqual([]);
    await context.close();
  });

  it('opens /, /terms, /privacy and /pricing with the network off after one visit', async () => {
    const page = await newPage();
    await page.goto('/');
    await serviceWorkerInControl(page);
    await page.context().setOffline(true);
    const pages: Array<[string, string]> = [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
      ['/pricing', 'Plans'],
      ['/anti-slavery-policy', 'Anti-Slavery Policy'],
      ['/', 'Find your next character'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    }
    await page.context().close();
  });
});
