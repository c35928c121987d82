import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync, zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { writeChatJsonl } from '@core/chat/index';
import { SEED_CHARACTERS } from '../../server/seed/characters';
import { homeWithSeededCards, newPage, screenshot, signUp, uniqueEmail } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

const [FIRST] = SEED_CHARACTERS.map((character) => character.name) as [string];

/** Signs up from /recent-chat's 'Go to Login' (sign-in returns there) and waits for the list. */
async function signUpToChats(page: Page, name: string): Promise<void> {
  await page.goto('/recent-chat');
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await signUp(page, { name, email: uniqueEmail('chat'), password: 'chat-archives-42' });
  // Import: in the chat window's header, or beside the list that is a phone's page.
  await page.getByRole('button', { name: 'Import' }).waitFor();
}

/** The left panel; its list items are buttons named by the character, 'Messages: N' and the time. */
const historyPanel = (page: Page): Locator => page.getByRole('region', { name: 'Select a history' });

/** The chat with `name` in the recent list. */
const listedChat = (page: Page, name: string): Locator =>
  historyPanel(page)
    .getByRole('list', { name: 'Recent chats' })
    .getByRole('button', { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });

/** Opens a seeded card from Home, which starts a chat with it on /recent-chat. */
async function openCardFromHome(page: Page, name: string): Promise<void> {
  await homeWithSeededCards(page);
  await page.getByRole('button', { name: `Chat with ${name}` }).click();
  await page.waitForURL(/\/recent-chat/);
}

async function dialogSays(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

async function chooseArchive(page: Page, file: string | { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
  await page.getByLabel('Chat files (.zip, .jsonl, .json)').setInputFiles(file);
}

describe('chat archives', () => {
  it('exports a chat, deletes it, imports it back with its messages, and opens it from the widget', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpToChats(page, 'Archive Keeper');
    await historyPanel(page).getByText('No chat records found').waitFor();

    await openCardFromHome(page, FIRST);
    const words = `Tell me about the lighthouse ${Date.now().toString(36)}`;
    await page.getByPlaceholder('Type a message').fill(words);
    await page.getByRole('button', { name: 'Ask' }).click();
    // After the reply the list is pulled again: the chat appears with its messages counted.
    await listedChat(page, FIRST).waitFor({ timeout: 30_000 });
    await expect.poll(() => listedChat(page, FIRST).textContent(), { timeout: 30_000 }).toMatch(/Messages: ([2-9]|\d\d)/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'chat-archive-list-desktop');

    // Export: a .zip holding SillyTavern's .jsonl with what was said.
    await page.getByRole('button', { name: 'Chat actions' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export chat' }).click()]);
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chat-export-')), download.suggestedFilename());
    await download.saveAs(archive);
    const files = unzipSync(new Uint8Array(fs.readFileSync(archive)));
    const jsonl = Object.keys(files).find((name) => name.endsWith('.jsonl'));
    expect(jsonl).toBeDefined();
    expect(new TextDecoder().decode(files[jsonl!])).toContain(words);

    // Delete: asked first (Cancel has the focus), then gone from the list.
    await page.getByRole('button', { name: 'Chat actions' }).click();
    await page.getByRole('menuitem', { name: 'Delete chat' }).click();
    const confirm = await dialogSays(page, 'Delete chat');
    expect(await confirm.textContent()).toContain(FIRST);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await screenshot(page, 'chat-archive-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await historyPanel(page).getByText('No chat records found').waitFor();

    // Import the export: the chat is back, with its messages.
    await chooseArchive(page, archive);
    const imported = await dialogSays(page, 'Import Successful');
    expect(await imported.textContent()).toContain('Chat data has been imported successfully.');
    expect(await imported.textContent()).toContain(FIRST);
    await screenshot(page, 'chat-archive-imported');
    await imported.getByRole('button', { name: 'OK' }).click();
    await listedChat(page, FIRST).click();
    await page.getByText(words, { exact: true }).waitFor();

    // The widget on Home lists it; one click opens it.
    await page.goto('/');
    const widget = page.getByRole('navigation', { name: 'Chat history' });
    await widget.getByRole('link', { name: FIRST }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'chat-archive-widget-home');
    await widget.getByRole('link', { name: FIRST }).click();
    await page.waitForURL(/\/recent-chat\?chat=/);
    await page.getByText(words, { exact: true }).waitFor();
    expect(await widget.count()).toBe(0);

    // Not a .zip: refused before sending. A broken .zip: the server's reason.
    await chooseArchive(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    const notZip = await dialogSays(page, 'Import Failed');
    expect(await notZip.textContent()).toContain('.zip');
    await notZip.getByRole('button', { name: 'OK' }).click();
    await chooseArchive(page, { name: 'broken.zip', mimeType: 'application/zip', buffer: Buffer.from('this is not a zip archive') });
    const broken = await dialogSays(page, 'Import Failed');
    const reason = (await broken.locator('p').textContent()) ?? '';
    expect(reason).not.toMatch(/^HTTP \d+/);
    expect(reason.length).toBeGreaterThan(10);
    await screenshot(page, 'chat-archive-import-failed');
    await broken.getByRole('button', { name: 'OK' }).click();
    await page.context().close();
  });

  it('fits a phone: the list and the widget never scroll sideways', async () => {
    const page = await newPage({ phone: true });
    await signUpToChats(page, 'Pocket Reader');
    // An archive made elsewhere (SillyTavern's format), with a long name to test the narrow layout.
    const name = 'Wanderer of the Extremely Long Coastal Road';
    const sent = Date.UTC(2026, 10, 1, 9, 0);
    const jsonl = writeChatJsonl({
      userName: 'Pocket Reader',
      characterName: name,
      createdAt: new Date(sent).toISOString(),
      messages: [
        { role: 'assistant', name, content: 'The road is long.', sendDate: new Date(sent).toISOString() },
        { role: 'user', name: 'Pocket Reader', content: 'Walk with me.', sendDate: new Date(sent + 60_000).toISOString() },
      ],
    });
    const zip = zipSync({ [`${name}.jsonl`]: new TextEncoder().encode(jsonl) });
    await chooseArchive(page, { name: 'wanderer.zip', mimeType: 'application/zip', buffer: Buffer.from(zip) });
    await (await dialogSays(page, 'Import Successful')).getByRole('button', { name: 'OK' }).click();

    // On a phone an open chat has the screen: back to the list (the list's drawer where it is one).
    const toggle = page.getByRole('button', { name: /^(Show chat history|Back to chats)$/ });
    if (await toggle.isVisible()) await toggle.click();
    await listedChat(page, name).waitFor();
    expect(await listedChat(page, name).textContent()).toContain('Messages: 2');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'chat-archive-list-phone');

    await homeWithSeededCards(page);
    const widget = page.getByRole('navigation', { name: 'Chat history' });
    await widget.getByRole('link', { name }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    // The widget is in the page's flow: the gallery's first card starts below it, never under it.
    const widgetBox = await widget.boundingBox();
    const firstCard = await page.getByRole('article').first().boundingBox();
    expect(widgetBox && firstCard && firstCard.y >= widgetBox.y + widgetBox.height).toBe(true);
    await screenshot(page, 'chat-archive-widget-phone');
    await page.context().close();
  });
});
