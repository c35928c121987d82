import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from './browser';
import { horizontalOverflow } from './page-checks';

const STATIC_PAGES: Array<{ path: string; heading: string; sections: string[] }> = [
  { path: '/terms', heading: 'Terms of Service', sections: [] },
  { path: '/privacy', heading: 'Privacy Policy', sections: [] },
  {
    path: '/anti-slavery-policy',
    heading: 'Anti-Slavery Policy',
    sections: ['Introduction', 'Due diligence', 'Training', 'Compliance', 'Review', 'Contact', 'Conclusion'],
  },
  { path: '/pricing', heading: 'Plans', sections: ['Free', 'Monthly', 'Quarterly', 'Yearly'] },
];

describe('the shell and the static pages', () => {
  it('renders every static page with its headings, on a desktop and on a phone without sideways scrolling', async () => {
    for (const phone of [false, true]) {
      const page = await newPage({ phone });
      for (const { path, heading, sections } of STATIC_PAGES) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        const headings = await page.getByRole('heading', { level: 2 }).allInnerTexts();
        for (const section of sections)
          expect(
            headings.some((text) => text.includes(section)),
            `${path}: ${section}`,
          ).toBe(true);
        expect(await horizontalOverflow(page), path).toBeLessThanOrEqual(0);
        if (phone) await screenshot(page, `phone${path.replace('/', '-')}`);
      }
      await page.context().close();
    }
  });

  it('keeps dark mode as the default and remembers light mode across reloads', async () => {
    const page = await newPage();
    await page.goto('/');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.reload();
    await page.getByRole('button', { name: 'Switch to dark mode' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    await page.context().close();
  });

  it('turns the sidebar into a drawer on a phone that locks page scrolling while open', async () => {
    const page = await newPage({ phone: true });
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await nav.getByRole('link', { name: 'Pricing' }).waitFor({ state: 'visible' });
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await screenshot(page, 'phone-drawer');
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    await page.context().close();
  });

  it('shows the gallery search box only on the home page, and the footer link to the anti-slavery policy', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByPlaceholder('Search characters, tags or styles...').waitFor();
    await page.getByRole('link', { name: 'Anti-Slavery Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anti-Slavery Policy' }).waitFor();
    expect(await page.getByPlaceholder('Search characters, tags or styles...').count()).toBe(0);
    await page.context().close();
  });
});
