import { describe, expect, it } from 'vitest';
import { newPage, screenshot, signUp, uniqueEmail } from './browser';

describe('signing up, in and out with the embedded provider', () => {
  it('creates an account, comes back signed in, shows the profile, and logs out', async () => {
    const page = await newPage();
    const account = { name: 'Ada Lovelace', email: uniqueEmail('ada'), password: 'analytical-engine-1843' };
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await signUp(page, account);

    const menu = page.getByRole('button', { name: /Ada Lovelace/ });
    await menu.waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    await menu.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await expect.poll(() => page.locator('main').innerText()).toContain(account.email);
    const main = await page.locator('main').innerText();
    expect(main).toMatch(/Current Plan\s+Free/);
    expect(main).toMatch(/User ID\s+[0-9a-f-]{36}/);
    await screenshot(page, 'profile-signed-in');

    await page.getByRole('button', { name: /Ada Lovelace/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Get Started' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('cardchat.tokens'))).toBeNull();

    // Logging out ended the provider's session too: a guarded page asks for the password again.
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.context().close();
  });

  it('shows a visitor of /collections what it needs, then signs in and comes back to /collections, on a phone', async () => {
    const page = await newPage({ phone: true });
    await page.goto('/collections');
    await page.getByText('Authentication Required').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/oidc/'));
    await page
      .getByRole('button', { name: /^(Sign in|Create account)$/ })
      .first()
      .waitFor();
    await screenshot(page, 'sign-in-phone');

    await signUp(page, { name: 'Grace Hopper', email: uniqueEmail('grace'), password: 'cobol-1959-compiler' });
    await page.getByRole('heading', { name: 'My Collections' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/collections');
    await page.context().close();
  });

  it('signs back in with the password after logging out, and refuses a wrong one', async () => {
    const page = await newPage();
    const account = { name: 'Linus', email: uniqueEmail('linus'), password: 'penguins-are-great-91' };
    await page.goto('/login');
    await signUp(page, account);
    await page.getByRole('button', { name: /Linus/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Get Started' }).click();

    await page.getByLabel('Email', { exact: true }).fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Wrong e-mail or password.').waitFor();

    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /Linus/ }).waitFor();
    await page.context().close();
  });
});

describe('the remembered session offline', () => {
  it("opens signed-in pages offline with the cached profile, marked '(offline)'", async () => {
    const page = await newPage({ phone: true });
    await page.goto('/profile');
    await signUp(page, { name: 'Offline Olga', email: uniqueEmail('olga'), password: 'underground-line-4' });
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await page.context().setOffline(true);
    await page.reload();
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByText('(offline)').waitFor();
    expect(await page.locator('main').innerText()).toContain('Free');
    await screenshot(page, 'phone-profile-offline');

    await page.context().setOffline(false);
    await page.reload();
    await page.getByRole('button', { name: /Offline Olga/ }).waitFor();
    expect(await page.getByText('(offline)').count()).toBe(0);
    await page.context().close();
  });
});
