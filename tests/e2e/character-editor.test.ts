import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { makePng } from '@core/card/index';
import { chatLog, lastAiPrompt, newPage, screenshot, sendInChat, signUp, uniqueEmail } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-editor-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/**
 * The tEXt chunks of a PNG, read here byte by byte (not with core/card): what SillyTavern or RisuAI
 * would find in a card made by the editor.
 */
function textChunks(png: Buffer): Map<string, string> {
  const chunks = new Map<string, string>();
  let offset = 8;
  while (offset + 8 <= png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'tEXt') {
      const zero = data.indexOf(0);
      chunks.set(data.toString('latin1', 0, zero), data.toString('latin1', zero + 1));
    } else if (type === 'zTXt') {
      const zero = data.indexOf(0);
      chunks.set(data.toString('latin1', 0, zero), zlib.inflateSync(data.subarray(zero + 2)).toString('latin1'));
    }
    offset += 12 + length;
  }
  return chunks;
}

const decoded = (base64: string | undefined) => JSON.parse(Buffer.from(base64 ?? '', 'base64').toString('utf8'));

async function openEditorSignedUp(page: Page, name: string): Promise<void> {
  await page.goto('/create?tab=character');
  await signUp(page, { name, email: uniqueEmail('editor'), password: 'write-characters-42' });
  await page.getByRole('heading', { name: 'Create a Character' }).waitFor();
}

describe('the character editor', () => {
  it('creates a character on a phone, saves it, chats with it, downloads it, and an edit reaches the next prompt', async () => {
    const page = await newPage({ phone: true });
    await openEditorSignedUp(page, 'Writer Wil');
    expect(await page.getByRole('link', { name: 'Create a character' }).getAttribute('aria-current')).toBe('page');

    await page.getByLabel('Name (required)', { exact: true }).fill('Mira the Lighthouse Keeper');
    // While typing, the confirmations are one line: the save bar leaves the phone's screen to the form.
    const confirmations = page.getByText('Before you upload: 0 of 2 confirmed');
    expect(await confirmations.isVisible()).toBe(true);
    expect(await page.getByLabel('I accept the privacy requirements').isVisible()).toBe(false);
    await page.getByLabel('Description', { exact: true }).focus();
    const bar = await confirmations.evaluate((summary) => summary.closest('details')!.parentElement!.getBoundingClientRect().height);
    expect(bar).toBeLessThanOrEqual(200);
    await screenshot(page, 'editor-phone-typing');
    await page.getByLabel('Description', { exact: true }).fill('Keeps the northern light. Loves storms and strong tea.');
    await page.getByLabel('First message', { exact: true }).fill('The lamp is lit. Come in out of the rain.');
    await page.getByRole('button', { name: 'Add a greeting' }).click();
    await page.getByLabel('Alternate greeting 1', { exact: true }).fill('Another storm, another visitor.');
    await page.getByRole('button', { name: 'Add an entry' }).click();
    const keys = page.getByLabel('Keys', { exact: true });
    await keys.fill('foghorn');
    await keys.press('Enter');
    await page.getByLabel('Content', { exact: true }).fill('The foghorn is named Bertha and sounds every ninety seconds.');

    const picture = path.join(tmp, 'mira.png');
    fs.writeFileSync(picture, makePng({ width: 60, height: 90 }));
    await page.locator('input[type="file"]').setInputFiles(picture);
    await page.getByRole('button', { name: 'Use this picture' }).click();
    await page.getByAltText('The chosen picture').waitFor();

    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'editor-phone-filled');

    // The draft survives a reload.
    await page.getByText(/Draft kept on this device/).waitFor();
    await page.reload();
    await page.getByText(/Your unsaved changes from .* are back/).waitFor();
    expect(await page.getByLabel('Name (required)', { exact: true }).inputValue()).toBe('Mira the Lighthouse Keeper');
    expect(await page.getByLabel('Alternate greeting 1', { exact: true }).inputValue()).toBe('Another storm, another visitor.');

    // Leaving asks first; 'Keep editing' stays.
    await page.getByRole('link', { name: 'Upload a card' }).click();
    await page.getByRole('heading', { name: 'Leave without saving?' }).waitFor();
    await page.getByRole('button', { name: 'Keep editing' }).click();
    expect(new URL(page.url()).searchParams.get('tab')).toBe('character');

    // Downloaded before saving, the PNG carries chara (V2) and ccv3 (V3) as the app wrote them.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'PNG card' }).click()]);
    const chunks = textChunks(fs.readFileSync((await download.path())!));
    const v2 = decoded(chunks.get('chara'));
    const v3 = decoded(chunks.get('ccv3'));
    expect(v2.spec).toBe('chara_card_v2');
    expect(v3.spec).toBe('chara_card_v3');
    for (const card of [v2, v3]) {
      expect(card.data.name).toBe('Mira the Lighthouse Keeper');
      expect(card.data.first_mes).toBe('The lamp is lit. Come in out of the rain.');
      expect(card.data.alternate_greetings).toEqual(['Another storm, another visitor.']);
      expect(card.data.character_book.entries[0].keys).toEqual(['foghorn']);
    }
    const [jsonDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'JSON (V3)' }).click()]);
    expect(jsonDownload.suggestedFilename()).toBe('Mira the Lighthouse Keeper.json');
    const json = JSON.parse(fs.readFileSync((await jsonDownload.path())!, 'utf8'));
    expect(json).toMatchObject({
      spec: 'chara_card_v3',
      data: { name: 'Mira the Lighthouse Keeper', alternate_greetings: ['Another storm, another visitor.'] },
    });

    await confirmations.click();
    await page.getByLabel('I accept the privacy requirements').check();
    await page.getByLabel('I confirm I am 18 or older').check();
    await page.getByText('Before you upload: 2 of 2 confirmed').waitFor();
    await page.getByRole('button', { name: 'Save character' }).click();
    await page.getByText(/Mira the Lighthouse Keeper is saved/).waitFor();
    await screenshot(page, 'editor-phone-saved');

    await page.getByRole('button', { name: 'Start chatting' }).click();
    await page.waitForURL((url) => url.pathname === '/recent-chat');
    await chatLog(page).getByText('The lamp is lit. Come in out of the rain.').waitFor();
    await screenshot(page, 'editor-phone-chat');

    // The owner's character panel offers Edit; so does Collections, where this edit starts.
    await page.getByRole('button', { name: 'Show character panel' }).click();
    const panelEdit = page.getByRole('complementary', { name: 'Character' }).getByRole('link', { name: 'Edit character' });
    await panelEdit.waitFor();
    expect(await panelEdit.getAttribute('href')).toMatch(/^\/characters\/[0-9a-f-]{36}\/edit$/);

    // Edit from Collections: a new description reaches the next prompt, with the lorebook entry its key brings.
    await page.goto('/collections');
    await page.getByRole('link', { name: 'Edit Mira the Lighthouse Keeper' }).click();
    await page.getByRole('heading', { name: 'Edit Mira the Lighthouse Keeper' }).waitFor();
    // The stored picture shows in the frame (fetched with the token: the card is private).
    const stored = page.getByAltText("The card's picture");
    await expect.poll(() => stored.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(0);
    // On the Free plan a saved character's picture is changed only through an upgrade, as 'Change Character' says.
    await page.getByRole('button', { name: 'Change the picture' }).click();
    const upgrade = page.getByRole('dialog', { name: 'Free users cannot modify characters' });
    expect(await upgrade.getByRole('link', { name: 'Upgrade Now' }).getAttribute('href')).toBe('/pricing');
    await upgrade.getByRole('button', { name: 'Cancel' }).click();
    await upgrade.waitFor({ state: 'hidden' });
    await page.getByLabel('Description', { exact: true }).fill('Keeps the southern light now. Hates fog.');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'editor-phone-edit');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Mira the Lighthouse Keeper is saved.').waitFor();
    await page.getByRole('button', { name: 'Start chatting' }).click();
    await page.waitForURL((url) => url.pathname === '/recent-chat');
    await page.getByPlaceholder('Type a message').waitFor();
    await sendInChat(page, 'Is that the foghorn?');
    await chatLog(page)
      .getByText(/This is the fake AI answering/)
      .waitFor();
    const prompt = (await lastAiPrompt()).map((message) => message.content).join('\n');
    expect(prompt).toContain('Keeps the southern light now. Hates fog.');
    expect(prompt).not.toContain('Keeps the northern light');
    expect(prompt).toContain('The foghorn is named Bertha');
    await page.context().close();
  });

  it('on a desktop: the tabs, the editor and an empty name said inline, with axe', async () => {
    const page = await newPage();
    await openEditorSignedUp(page, 'Desk Dana');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('I accept the privacy requirements').check();
    await page.getByLabel('I confirm I am 18 or older').check();
    await page.getByRole('button', { name: 'Save character' }).click();
    // The first problem takes the focus, its message beside the field.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('id')))
      .toBe(await page.getByLabel('Name (required)', { exact: true }).getAttribute('id'));
    await screenshot(page, 'editor-desktop-problems');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Upload a card' }).click();
    await page.getByRole('heading', { name: 'Upload a Character Card' }).waitFor();
    await page.context().close();
  });
});
