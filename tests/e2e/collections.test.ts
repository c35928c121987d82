import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { readCard } from '@core/card/index';
import { testCardPng } from '../support/cards';
import { newPage, pageToken, screenshot, setPlan, signUp, uniqueEmail, uploadCard } from './browser';
import { horizontalOverflow } from './page-checks';

/** Starts a chat with one of the user's cards through the API, as the chat screen's first send does. */
async function chatWith(page: Page, fileId: string, text: string): Promise<void> {
  const token = await pageToken(page);
  const status = await page.evaluate(
    async ({ fileId, text, token }) => {
      const response = await fetch('/api/chat/completions', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({ chat_id: crypto.randomUUID(), character_id: fileId, messages: [{ role: 'user', content: text }] }),
      });
      return response.status;
    },
    { fileId, text, token },
  );
  expect(status).toBe(200);
}

describe('My Collections', () => {
  it('lists uploads, views, deletes, and replaces a character once the plan allows it', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const account = { name: 'Collector', email: uniqueEmail('collector'), password: 'collecting-cards-2026' };
    await page.goto('/collections');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signUp(page, account);
    await page.getByRole('heading', { name: 'My Collections' }).waitFor();
    await page.getByText('No Collections Yet').waitFor();

    const orlaId = await uploadCard(page, testCardPng({ name: 'Orla Finch', tags: ['Sailor', 'Storm', 'Maps'] }), 'orla.png');
    const tomasId = await uploadCard(page, testCardPng({ name: 'Tomas Reed', tags: ['Baker', 'Village'] }), 'tomas.png');
    await chatWith(page, orlaId, 'Which way is the storm heading?');
    await chatWith(page, tomasId, 'Any bread left?');
    await page.reload();

    const orla = page.getByRole('article', { name: 'Orla Finch' });
    const tomas = page.getByRole('article', { name: 'Tomas Reed' });
    await orla.waitFor();
    await tomas.waitFor();
    expect(await orla.innerText()).toMatch(/Sailor[\s\S]*Storm[\s\S]*Maps/);
    expect(await tomas.innerText()).toMatch(/Baker[\s\S]*Village/);
    // The private thumbnail arrives through the token as an object URL.
    await expect.poll(() => orla.locator('img').getAttribute('src')).toMatch(/^blob:/);

    // View: the file's facts.
    await page.getByRole('button', { name: 'View Orla Finch' }).click();
    const view = page.getByRole('dialog', { name: 'Orla Finch' });
    await view.waitFor();
    const facts = await view.innerText();
    for (const label of ['Upload date', 'File size', 'MB', 'Dimensions', '4 × 6', 'Aspect ratio', '2:3', 'File ID', 'Status', 'Private']) {
      expect(facts).toContain(label);
    }
    expect(facts).not.toContain('Downloads');
    await screenshot(page, 'collections-view-desktop');
    await view.getByRole('button', { name: 'Close' }).click();

    // Download saves the PNG as {title}.png.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download Orla Finch' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Orla Finch.png');
    expect(readCard(new Uint8Array(fs.readFileSync(await download.path()))).card.data.name).toBe('Orla Finch');

    // A Free user gets the restriction modal.
    await page.getByRole('button', { name: 'Change Character Orla Finch' }).click();
    const restricted = page.getByRole('dialog', { name: 'Free users cannot modify characters' });
    await restricted.waitFor();
    expect(await restricted.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/pricing');
    await restricted.getByRole('button', { name: 'Cancel' }).click();

    // A card with chats asks twice (the first question defaults to Cancel), then its chats go too.
    await page.getByRole('button', { name: 'Delete Tomas Reed' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Character' });
    expect(await confirm.innerText()).toContain('has chats');
    expect(await confirm.getByRole('button', { name: 'Cancel' }).evaluate((button) => button === document.activeElement)).toBe(true);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    const finalWarning = page.getByRole('dialog', { name: 'Final Warning' });
    await finalWarning.getByRole('button', { name: 'Delete Everything' }).click();
    await tomas.waitFor({ state: 'detached' });
    expect(await orla.isVisible()).toBe(true);
    await screenshot(page, 'collections-desktop');

    // Monthly may replace: a JPEG and a new name make a new card; the original goes.
    setPlan(account.email, 'monthly');
    await page.reload();
    await page.getByRole('button', { name: 'Change Character Orla Finch' }).click();
    const edit = page.getByRole('dialog', { name: 'Change Character' });
    await edit.waitFor();
    expect(await edit.innerText()).toContain('JPG, PNG, GIF');
    const jpeg = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-replace-')), 'portrait.jpg');
    await sharp({ create: { width: 60, height: 90, channels: 3, background: { r: 200, g: 80, b: 40 } } })
      .jpeg()
      .toFile(jpeg);
    await edit.locator('input[type=file]').setInputFiles(jpeg);
    await edit.getByRole('img', { name: 'Preview of the new image' }).waitFor();
    await edit.getByLabel('New name (optional)').fill('  Orla the Navigator  ');
    await edit.getByRole('button', { name: 'Replace' }).click();
    await page.getByRole('article', { name: 'Orla the Navigator' }).waitFor();
    await orla.waitFor({ state: 'detached' });
    expect(await page.getByRole('article').count()).toBe(1);

    // The chat followed the new card: listed under its new name, with its messages; Tomas's is gone.
    await page.goto('/recent-chat');
    const history = page.getByRole('region', { name: 'Select a history' });
    await history.getByRole('button', { name: /Orla the Navigator/ }).click();
    await page.getByText('Which way is the storm heading?', { exact: true }).waitFor();
    expect(await history.getByRole('button', { name: /Tomas Reed/ }).count()).toBe(0);
    await page.goto('/collections');

    // Phone: two columns, nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole('article', { name: 'Orla the Navigator' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // Every action icon of the tile is inside it, the delete icon too.
    const tile = page.getByRole('article', { name: 'Orla the Navigator' });
    const tileBox = (await tile.boundingBox())!;
    for (const action of ['View', 'Edit', 'Download', 'Delete']) {
      const box = (await tile.getByRole(action === 'Edit' ? 'link' : 'button', { name: `${action} Orla the Navigator` }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(tileBox.x);
      expect(box.x + box.width).toBeLessThanOrEqual(tileBox.x + tileBox.width);
    }
    await screenshot(page, 'collections-phone');

    // Offline: the cached card stays; actions that need the network are disabled with the reason.
    await page.context().setOffline(true);
    await page.getByText("You're offline: showing the cards saved on this device.").waitFor();
    const deleteButton = page.getByRole('button', { name: 'Delete Orla the Navigator' });
    expect(await deleteButton.isDisabled()).toBe(true);
    expect(await deleteButton.getAttribute('title')).toBe("You're offline");
    expect(await page.getByRole('button', { name: 'Change Character Orla the Navigator' }).isDisabled()).toBe(true);
    await page.context().setOffline(false);
    await page.context().close();
  });
});
