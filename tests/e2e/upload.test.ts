import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng } from '@core/card/index';
import { testCardPng } from '../support/cards';
import { newPage, pageToken, pageTokens, screenshot, signInAsAdministrator, signUp, uniqueEmail } from './browser';
import { seriousViolations } from './page-checks';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-upload-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

let serial = 0;

/** A card made with the project's codec, as this file's tests expect it. */
function cardBytes(name: string): Uint8Array {
  serial += 1;
  return testCardPng(
    { name, description: 'An e2e test character.', personality: 'patient', scenario: 'A test run.', tags: ['e2e'], creator: 'upload-test' },
    { width: 8, height: 12 },
  );
}

function cardFile(name: string): string {
  const file = path.join(tmp, `${name.replace(/\W+/g, '-')}-${serial + 1}.png`);
  fs.writeFileSync(file, cardBytes(name));
  return file;
}

/** Signs a new Free user up from /create and waits for the upload form. */
async function openCreateSignedUp(page: Page, name: string): Promise<void> {
  await page.goto('/create');
  await signUp(page, { name, email: uniqueEmail('upload'), password: 'upload-cards-please-1' });
  await page.getByRole('heading', { name: 'Upload a Character Card' }).waitFor();
}

async function chooseAndConsent(page: Page, file: string, name: string): Promise<void> {
  await page.locator('input[type="file"]').setInputFiles(file);
  const status = page.locator('#upload-file-status');
  await expect.poll(() => status.innerText()).toContain(name);
  await page.getByLabel('I accept the privacy requirements').check();
  await page.getByLabel('I confirm I am 18 or older').check();
}

describe('uploading a character card', () => {
  it('checks the card in the browser, uploads it, and the card is in the collection (phone)', async () => {
    const page = await newPage({ phone: true });
    await openCreateSignedUp(page, 'Uploader Uma');
    const button = page.getByRole('button', { name: 'Upload', exact: true });
    expect(await button.isDisabled()).toBe(true);
    const reasons = page.getByRole('list', { name: "Why you can't upload yet" });
    expect(await reasons.innerText()).toContain('Please select a file first.');
    expect(await page.getByLabel('Publish as public').count()).toBe(0);

    await chooseAndConsent(page, cardFile('Wren the Cartographer'), 'Wren the Cartographer');
    const status = await page.locator('#upload-file-status').innerText();
    expect(status).toMatch(/Spec version\s+3\.0/);
    expect(status).toMatch(/Size\s+0\.00 MB/);
    expect(await page.getByAltText("Preview of the card's picture").count()).toBe(1);
    expect(await button.isDisabled()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await screenshot(page, 'upload-phone-file-chosen');

    await button.click();
    await page.getByText('Image uploaded successfully!').waitFor();
    await page.getByRole('link', { name: 'View in My Collections' }).waitFor();
    await screenshot(page, 'upload-phone-success');
    // No stale reason ('Please select a file first.') sits above the success while the form waits for the next card.
    expect(await reasons.count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    // The form cleared.
    expect(await page.locator('#upload-file-status').innerText()).not.toContain('Wren the Cartographer');
    expect(await page.getByLabel('I accept the privacy requirements').isChecked()).toBe(false);

    const token = await pageToken(page);
    const collections = await page.evaluate(async (token) => {
      const response = await fetch('/api/collections?limit=12&offset=0', { headers: { Authorization: `Bearer ${token}` } });
      return (await response.json()) as { total: number; data: Array<{ display_title: string }> };
    }, token);
    expect(collections.total).toBe(1);
    expect(collections.data[0]!.display_title).toBe('Wren the Cartographer');

    await page.getByRole('link', { name: 'View in My Collections' }).click();
    const card = page.getByRole('article', { name: /Wren the Cartographer/ });
    await card.waitFor();
    expect(await card.innerText()).toContain('e2e');
    await page.context().close();
  });

  it('lets the administrator publish a public card that a visitor then finds on Home', async () => {
    const admin = await newPage();
    await admin.goto('/create');
    await signInAsAdministrator(admin);
    await admin.getByRole('heading', { name: 'Upload a Character Card' }).waitFor();
    await chooseAndConsent(admin, cardFile('Harbour Master Ines'), 'Harbour Master Ines');
    await admin.getByLabel('Publish as public').check();
    await admin.getByRole('button', { name: 'Upload', exact: true }).click();
    await admin.getByText('Image uploaded successfully!').waitFor();
    await admin.context().close();

    const visitor = await newPage({ phone: true });
    await visitor.goto('/');
    const search = visitor.getByRole('searchbox', { name: 'Search characters' });
    await search.fill('Harbour Master');
    await search.press('Enter');
    const published = visitor.getByRole('article', { name: 'Harbour Master Ines' });
    await published.waitFor();
    expect(await published.innerText()).toContain('@upload-test');
    await visitor.context().close();
  });

  it('refuses a file without a card before sending it, takes a dropped card, explains the checkboxes, passes axe', async () => {
    const page = await newPage();
    await openCreateSignedUp(page, 'Plain Pat');
    expect(await seriousViolations(page)).toEqual([]);
    const plain = path.join(tmp, 'plain.png');
    fs.writeFileSync(plain, makePng({ width: 2, height: 2 }));
    await page.locator('input[type="file"]').setInputFiles(plain);
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('No character data found in PNG');
    await page.getByLabel('I accept the privacy requirements').check();
    await page.getByLabel('I confirm I am 18 or older').check();
    const button = page.getByRole('button', { name: 'Upload', exact: true });
    expect(await button.isDisabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Drag and drop onto the zone.
    const bytes = Array.from(cardBytes('Dropped Dana'));
    const zone = page.locator('label', { hasText: 'Choose a character card' });
    const transfer = await page.evaluateHandle((list) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(list)], 'dana.png', { type: 'image/png' }));
      return data;
    }, bytes);
    await zone.dispatchEvent('dragover', { dataTransfer: transfer });
    await zone.dispatchEvent('drop', { dataTransfer: transfer });
    await expect.poll(() => page.locator('#upload-file-status').innerText()).toContain('Dropped Dana');
    expect(await page.getByRole('alert').count()).toBe(0);
    expect(await button.isDisabled()).toBe(false);

    // The drop zone's input is reachable from the keyboard.
    await page.getByLabel('I accept the privacy requirements').focus();
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');

    // The explanations open as modal dialogs and close with Escape.
    await page.getByRole('button', { name: 'Read the privacy requirements' }).click();
    const privacy = page.getByRole('dialog', { name: 'Privacy requirements' });
    await privacy.waitFor();
    expect(await privacy.innerText()).toContain('no real or identifiable people');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await privacy.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Why 18 or older?' }).click();
    const age = page.getByRole('dialog', { name: 'Age requirement' });
    await age.waitFor();
    await age.getByRole('button', { name: 'Close' }).click();
    await age.waitFor({ state: 'hidden' });
    await page.context().close();
  });

  it("shows the Free plan's limit when a 6th private card is uploaded", async () => {
    const page = await newPage();
    await openCreateSignedUp(page, 'Collector Cy');
    const cards = Array.from({ length: 5 }, (_, i) => Array.from(cardBytes(`Quick ${i + 1}`)));
    const tokens = await pageTokens(page);
    const statuses = await page.evaluate(
      async ({ list, tokens }) => {
        const results: number[] = [];
        for (const [i, bytes] of list.entries()) {
          const form = new FormData();
          form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), `quick-${i}.png`);
          const headers: Record<string, string> = { Authorization: `Bearer ${tokens.accessToken}`, 'X-User-ID': tokens.subject! };
          if (tokens.email) headers['X-User-Email'] = tokens.email;
          const response = await fetch('/api/upload/image', { method: 'POST', body: form, headers });
          results.push(response.status);
        }
        return results;
      },
      { list: cards, tokens },
    );
    expect(statuses).toEqual([200, 200, 200, 200, 200]);

    await chooseAndConsent(page, cardFile('Sixth Sense'), 'Sixth Sense');
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toMatch(/^Your Free plan allows 5 private cards\./);
    expect(await page.getByText('Image uploaded successfully!').count()).toBe(0);
    await screenshot(page, 'upload-slot-limit');
    await page.context().close();
  });
});
