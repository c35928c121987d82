/**
 * Card files other than PNG, through the Upload page as a person brings them (dropped on the zone),
 * then a chat with the result, and the card back out as .charx from the chat's character panel.
 */
import fs from 'node:fs';
import { unzipSync } from 'fflate';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testCard } from '../support/cards';
import { charx, jsonV2, picture } from '../support/cardFiles';
import { chatLog, fakeReplyTo, newPage, screenshot, sendInChat, signInAsAdministrator } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

const RUN = Date.now().toString(36);

/** Drops a file on the Upload page's zone, as a drag from the desktop or a file manager does. */
async function dropFile(page: Page, bytes: Uint8Array, name: string, type: string): Promise<void> {
  const zone = page.locator('label', { hasText: 'Choose a character card' });
  const transfer = await page.evaluateHandle(
    ({ list, name, type }) => {
      const data = new DataTransfer();
      data.items.add(new File([new Uint8Array(list)], name, { type }));
      return data;
    },
    { list: Array.from(bytes), name, type },
  );
  await zone.dispatchEvent('dragover', { dataTransfer: transfer });
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
}

/** Publishes the dropped card as the administrator (so it is on Home for the chat), and waits for success. */
async function consentAndPublish(page: Page): Promise<void> {
  await page.getByLabel('I accept the privacy requirements').check();
  await page.getByLabel('I confirm I am 18 or older').check();
  await page.getByLabel('Publish as public').check();
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page.getByText('Image uploaded successfully!').waitFor();
}

/** Finds the card on Home by name, opens a chat with it, and has one exchange with the (fake) AI. */
async function chatWith(page: Page, name: string): Promise<void> {
  await page.goto(`/?q=${encodeURIComponent(name)}`);
  await page.getByRole('button', { name: `Chat with ${name}` }).click();
  await page.waitForURL((url) => url.pathname === '/recent-chat' && url.searchParams.has('chat'));
  await chatLog(page).getByText(name, { exact: true }).first().waitFor();
  await sendInChat(page, `Hello ${name}`);
  await chatLog(page)
    .getByText(fakeReplyTo(`Hello ${name}`), { exact: true })
    .waitFor();
}

describe('card files other than PNG', () => {
  it('takes a dropped .charx with its icon and assets, chats with it, and gives it back as .charx with its module, the PNG without (phone)', async () => {
    const page = await newPage({ phone: true });
    await page.goto('/create');
    await signInAsAdministrator(page);
    await page.getByRole('heading', { name: 'Upload a Character Card' }).waitFor();
    const requirements = await page.getByRole('region', { name: 'Requirements' }).innerText();
    for (const format of ['PNG or APNG', 'JSON', 'CHARX', 'YAML', 'JPEG or WebP']) expect(requirements).toContain(format);

    const name = `Risu Rowan ${RUN}`;
    const archive = charx({
      card: testCard({
        name,
        assets: [
          { type: 'icon', uri: 'embeded://assets/icon/image/1.png', name: 'main', ext: 'png' },
          { type: 'emotion', uri: 'embeded://assets/emotion/image/2.png', name: 'happy', ext: 'png' },
        ],
      }),
      icon: picture(Date.now() % 100_000, { width: 40, height: 60 }),
      files: { 'assets/emotion/image/2.png': picture(7), 'module.risum': Uint8Array.of(1, 2, 3) },
    });
    await dropFile(page, archive, 'rowan.charx', '');
    const status = page.locator('#upload-file-status');
    await expect.poll(() => status.innerText()).toContain(name);
    expect(await status.innerText()).toMatch(/Format\s+CHARX/);
    expect(await status.innerText()).toMatch(/Assets\s+2 kept with the card/);
    expect(await page.getByAltText("Preview of the card's picture").count()).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'card-formats-phone-charx-chosen');
    await consentAndPublish(page);

    await chatWith(page, name);
    await screenshot(page, 'card-formats-phone-charx-chat');
    await page.getByRole('button', { name: 'Show character panel' }).click();
    const panel = page.getByRole('complementary', { name: 'Character' });
    const charxButton = panel.getByRole('button', { name: 'Download as .charx (with the card’s assets and RisuAI module)' });
    await charxButton.waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'card-formats-phone-panel');
    const download = page.waitForEvent('download');
    await charxButton.click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`${name}.charx`);
    const files = unzipSync(new Uint8Array(fs.readFileSync((await saved.path())!)));
    expect(JSON.parse(new TextDecoder().decode(files['card.json'])).data.name).toBe(name);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['module.risum', 'assets/icon/images/main.png', 'assets/emotion/images/0.png']),
    );

    // The PNG says it goes without the module, and does: RisuAI would take the chunk for a picture.
    const pngButton = panel.getByRole('button', {
      name: 'Download as PNG (opens in SillyTavern, chub.ai, RisuAI; without a RisuAI module)',
    });
    const pngDownload = page.waitForEvent('download');
    await pngButton.click();
    const png = fs.readFileSync((await (await pngDownload).path())!);
    expect(png.includes('chara-ext-asset_:0')).toBe(true);
    expect(png.includes('module.risum')).toBe(false);
    await page.context().close();
  });

  it('takes a dropped .json card with no picture (the default portrait), and chats with it (desktop)', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/create');
    await signInAsAdministrator(page);
    await page.getByRole('heading', { name: 'Upload a Character Card' }).waitFor();
    const name = `Jason Json ${RUN}`;
    await dropFile(page, jsonV2(testCard({ name, first_mes: 'I came as JSON.' })), 'jason.json', 'application/json');
    const status = page.locator('#upload-file-status');
    await expect.poll(() => status.innerText()).toContain(name);
    expect(await status.innerText()).toMatch(/Format\s+JSON/);
    expect(await status.innerText()).toContain('None in the file: it gets the default portrait');
    expect(await page.getByAltText('The default portrait this card will get').count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'card-formats-desktop-json-chosen');
    await consentAndPublish(page);

    await chatWith(page, name);
    await chatLog(page).getByText('I came as JSON.').first().waitFor();
    await screenshot(page, 'card-formats-desktop-json-chat');

    // A file of no card format is refused before it is sent, with the formats that work.
    await page.goto('/create');
    await page.getByRole('heading', { name: 'Upload a Character Card' }).waitFor();
    await dropFile(page, new TextEncoder().encode('%PDF-1.7'), 'notes.pdf', 'application/pdf');
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toContain('This file type is not supported. Upload a character card as PNG or APNG, JSON');
    await page.context().close();
  });
});
