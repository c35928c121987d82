/**
 * The vitest-free half of the browser helpers: how Chromium is launched and how the provider's
 * sign-up form is filled. tests/e2e/browser.ts registers vitest hooks on import; the bench
 * (bench/lib/browser.ts) runs outside vitest and imports this instead.
 */
import type { Page } from 'playwright-core';

// Without the networking flags Chromium keeps dialling Google's hosts, which this network refuses.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's Chromium, unless CHROMIUM_PATH names another. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/**
 * Creates an account on the embedded provider, starting from its sign-in or sign-up form, and
 * returns once the form is submitted (the caller waits for wherever the flow leads next).
 */
export async function fillSignUp(page: Page, account: Account): Promise<void> {
  const nameField = page.getByLabel('Name', { exact: true });
  const createButton = page.getByRole('button', { name: 'Create account' });
  // Either form may be showing; wait for one of them before deciding.
  await page
    .getByRole('button', { name: /^(Sign in|Create account)$/ })
    .first()
    .waitFor();
  // Only the sign-up form asks for a name; the sign-in form links to it.
  if (!(await nameField.isVisible())) {
    await page
      .getByRole('link', { name: /create (an )?account|sign up|register/i })
      .first()
      .click();
    await nameField.waitFor();
  }
  await nameField.fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await createButton.click();
}
