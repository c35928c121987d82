import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { PublicImagesResponse } from '@core/contract';
import { baseURL, FIRST_CHARACTER, newContext, screenshot } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

const sizes = [
  { phone: true, label: 'phone 390x844' },
  { phone: false, label: 'desktop 1280x900' },
] as const;

async function firstCharacterId(): Promise<string> {
  const response = await fetch(`${baseURL()}/api/upload/image?limit=20&offset=0`);
  const list = (await response.json()) as PublicImagesResponse;
  return list.data.find((card) => card.display_title === FIRST_CHARACTER)!.file_id;
}

/** The portrait's and the name's boxes, once the portrait has loaded. */
async function boxes(page: Page) {
  const portrait = page.getByRole('img', { name: `Portrait of ${FIRST_CHARACTER}` });
  await page.waitForFunction((alt) => {
    const image = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`);
    return image !== null && image.complete && image.naturalWidth > 0;
  }, `Portrait of ${FIRST_CHARACTER}`);
  return {
    portrait: await portrait.boundingBox(),
    name: await page.getByRole('heading', { level: 1, name: FIRST_CHARACTER }).boundingBox(),
  };
}

describe("a shared character page's first view, drawn by the server", () => {
  for (const { phone, label } of sizes) {
    it(`shows the portrait and name before the app's code runs, and the app takes over without moving them (${label})`, async () => {
      const fileId = await firstCharacterId();
      const context = await newContext({ phone });
      const page = await context.newPage();
      if (!phone) await page.setViewportSize({ width: 1280, height: 900 });
      // The app's scripts wait until the server's drawing has been looked at.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/assets/*.js', async (route: Route) => {
        await held;
        await route.continue();
      });

      await page.goto(`/characters/${fileId}`, { waitUntil: 'commit' });
      const drawn = await boxes(page);
      expect(await page.locator('#root [data-first-view]').count()).toBe(1);
      expect(await page.getByRole('button', { name: 'Chat', exact: true }).count()).toBe(0);
      expect(drawn.portrait!.width).toBeGreaterThan(100);
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      await screenshot(page, `character-first-view-${label}`);

      release();
      await page.getByRole('button', { name: 'Chat', exact: true }).waitFor();
      expect(await page.locator('[data-first-view]').count()).toBe(0);
      const live = await boxes(page);
      for (const key of ['portrait', 'name'] as const) {
        for (const side of ['x', 'y', 'width'] as const) expect(Math.abs(live[key]![side] - drawn[key]![side])).toBeLessThanOrEqual(1);
      }
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.getByRole('region', { name: 'First message' }).innerText()).not.toContain('{{');
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
