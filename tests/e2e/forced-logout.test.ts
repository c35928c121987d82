/**
 * Another site could navigate a signed-in browser to /oidc/session/end and the
 * provider's page signed it out by itself. Now only the app's own Log out (its id_token_hint for this
 * session) signs out without asking; anything else asks, and "Stay signed in" keeps everything.
 */
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, signUp, uniqueEmail } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

describe('a sign-out another site starts', () => {
  it('asks instead of signing out after a bare navigation to /oidc/session/end, and the app stays signed in', async () => {
    const page = await newPage({ phone: true });
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await signUp(page, { name: 'Grace Hopper', email: uniqueEmail('grace'), password: 'cobol-1959-compiler' });
    const menu = page.getByRole('button', { name: /Grace Hopper/ });
    await menu.waitFor();

    // What a link or a redirect from another site does.
    await page.goto('/oidc/session/end', { waitUntil: 'load' });
    await page.getByRole('heading', { name: 'Sign out of cardchat?' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/oidc/session/end');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'forced-logout-asks-phone');

    await page.getByRole('link', { name: 'Stay signed in' }).click();
    await menu.waitFor();
    // The provider's session is alive too: a guarded page opens without asking for the password.
    await page.goto('/profile');
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();

    // The app's own Log out still signs out without a click, and ends the provider's session.
    await page.getByRole('button', { name: /Grace Hopper/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Get Started' }).waitFor();
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });
});
