import { describe, expect, it } from 'vitest';
import { newPage, signUp, uniqueEmail } from './browser';
import { seriousViolations } from './page-checks';

describe('accessibility (axe-core): no serious or critical violations', () => {
  it('on every public page, in dark and light mode, on a desktop and a phone', async () => {
    for (const phone of [false, true]) {
      const page = await newPage({ phone });
      for (const dark of [true, false]) {
        await page.goto('/');
        await page.evaluate((value) => localStorage.setItem('darkMode', String(value)), dark);
        for (const [path, heading] of [
          ['/', 'Find your next character'],
          ['/terms', 'Terms of Service'],
          ['/privacy', 'Privacy Policy'],
          ['/anti-slavery-policy', 'Anti-Slavery Policy'],
          ['/pricing', 'Plans'],
        ] as const) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          expect(await seriousViolations(page), `${path} ${dark ? 'dark' : 'light'} ${phone ? 'phone' : 'desktop'}`).toEqual([]);
        }
      }
      await page.context().close();
    }
  });

  it('on the sign-up and sign-in pages and on the signed-in profile', async () => {
    const page = await newPage({ phone: true });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page), 'sign-in').toEqual([]);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    expect(await seriousViolations(page), 'sign-up').toEqual([]);
    await signUp(page, { name: 'Axe Tester', email: uniqueEmail('axe'), password: 'accessible-by-default-1' });
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await seriousViolations(page), 'profile').toEqual([]);
    await page.getByRole('button', { name: /Axe Tester/ }).click();
    await page.getByRole('menu').waitFor();
    expect(await seriousViolations(page), 'user menu open').toEqual([]);
    await page.context().close();
  });
});
