import fs from 'node:fs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, signUp, uniqueEmail } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

async function openProfile(page: Page, name: RegExp) {
  await page.getByRole('button', { name }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

describe('the account is the person’s: export, password, name, deletion', () => {
  it('exports a zip, changes the name and the password, then deletes the account, on a phone', async () => {
    const page = await newPage({ phone: true });
    const account = { name: 'Mira Phone', email: uniqueEmail('mira'), password: 'first-password-for-mira' };
    await page.goto('/profile');
    await signUp(page, account);
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByRole('heading', { name: 'Export my data' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'phone-profile-account');

    // Export: the download arrives and holds the account.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^cardchat-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = unzipSync(new Uint8Array(fs.readFileSync((await file.path())!)));
    expect(JSON.parse(new TextDecoder().decode(entries['profile.json'])).account.email).toBe(account.email);
    await page.getByText(/^Saved cardchat-export-.*\.zip/).waitFor();

    // The display name, as the user menu shows it.
    const nameField = page.getByLabel('The name your characters call you');
    await nameField.fill('Mira Renamed');
    await page.getByRole('region', { name: 'Display name' }).getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Name saved.').waitFor();
    await page.getByRole('button', { name: /Mira Renamed/ }).waitFor();

    // The password: the wrong current one is refused, the right one changes it.
    await page.getByLabel('Current password').fill('not-my-password-at-all');
    await page.getByLabel('New password', { exact: true }).fill('second-password-for-mira');
    await page.getByLabel('New password again').fill('second-password-for-mira');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not right.').waitFor();
    await page.getByLabel('Current password').fill(account.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText(/^Your password has been changed\./).waitFor();

    await page.getByRole('button', { name: /Mira Renamed/ }).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('button', { name: 'Get Started' }).click();
    // Without SMTP_URL (this run's server), 'Forgot password?' says who resets passwords, and leads back.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByText(/its operator resets passwords/).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'phone-forgot-password-operator');
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await signIn(page, account.email, account.password);
    await page.getByText('Wrong e-mail or password.').waitFor();
    await signIn(page, account.email, 'second-password-for-mira');
    await openProfile(page, /Mira Renamed/);

    // Deletion: the dialog needs the e-mail typed out; Enter in the field does nothing.
    await page.getByRole('button', { name: 'Delete my account...' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const confirmField = dialog.getByLabel(/Type your e-mail address/);
    const deleteButton = dialog.getByRole('button', { name: 'Delete my account' });
    expect(await confirmField.evaluate((field) => field === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    await confirmField.fill('someone-else@example.test');
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirmField.fill(account.email.toUpperCase());
    await confirmField.press('Enter');
    expect(await dialog.isVisible()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'phone-delete-account-dialog');
    await deleteButton.click();

    await page.getByRole('button', { name: 'Get Started' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => localStorage.getItem('cardchat.tokens'))).toBeNull();
    await page.getByRole('button', { name: 'Get Started' }).click();
    await signIn(page, account.email, 'second-password-for-mira');
    await page.getByText('Wrong e-mail or password.').waitFor();
    await page.context().close();
  });

  it('lays the Profile out on a desktop screen without serious accessibility problems', async () => {
    const page = await newPage();
    await page.goto('/profile');
    await signUp(page, { name: 'Desk Top', email: uniqueEmail('desk'), password: 'desktop-password-1280' });
    await page.getByRole('heading', { name: 'Delete account' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'desktop-profile-account');

    // On a slow line the export shows how far it got (the server's files, then the .zip), and Cancel stops it without a download.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: 512, uploadThroughput: -1 });
    let downloads = 0;
    page.on('download', () => (downloads += 1));
    await page.getByRole('button', { name: 'Export my data' }).click();
    await page.getByRole('progressbar', { name: 'Export progress' }).waitFor();
    await page.getByRole('region', { name: 'Export my data' }).getByText(/ of /).waitFor();
    await screenshot(page, 'desktop-export-progress');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Export my data' }).waitFor();
    expect(await page.getByRole('progressbar').count()).toBe(0);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(downloads).toBe(0);
    await page.getByRole('button', { name: 'Delete my account...' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).waitFor();
    await screenshot(page, 'desktop-delete-account-dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await page.context().close();
  });
});
