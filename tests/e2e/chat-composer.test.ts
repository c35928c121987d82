import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chatLog,
  fakeReplyTo,
  newPage,
  openFirstCharacterChat,
  screenshot,
  signUpFromRecentChat,
  storedMessages,
  uniqueEmail,
} from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

/** About 1,500 characters of prose: sentences in two paragraphs, as a person would paste a long turn. */
const LONG_TEXT = [
  Array.from({ length: 13 }, (_, i) => `The lantern swung in the wind as sentence ${i + 1} of the first part went on.`).join(' '),
  Array.from({ length: 9 }, (_, i) => `She walked on, counting the steps, and this was line ${i + 1} of the second.`).join(' '),
].join('\n\n');

const composer = (page: Page) => page.getByPlaceholder('Type a message');

/** The bottom edge, in CSS pixels from the top of the viewport, of what `selector` matches first. */
async function bottomOf(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  return box ? box.y + box.height : 0;
}

describe('the composer and the 1,000-character limit', () => {
  it('keeps a 1,500-character paste, says why it cannot go as one, and sends it as two with one reply (1280x900)', async () => {
    expect(LONG_TEXT.length).toBeGreaterThanOrEqual(1500);
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpFromRecentChat(page, { name: 'Long Writer', email: uniqueEmail('long'), password: 'long-message-42' });
    const chatId = await openFirstCharacterChat(page);
    // With a mouse and a keyboard the caret is in the box as the chat opens: no Tab marathon.
    await expect.poll(() => composer(page).evaluate((input) => input === document.activeElement)).toBe(true);

    await composer(page).fill(LONG_TEXT);
    expect(await composer(page).inputValue()).toBe(LONG_TEXT);
    await page.getByText(`${LONG_TEXT.length.toLocaleString('en-US')} / 1,000`).waitFor();
    await composer(page).press('Enter');
    const offer = page.getByRole('alert').filter({ hasText: 'A message can be at most 1,000 characters.' });
    await offer.waitFor();
    await screenshot(page, 'composer-split-offer-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Send as 2 messages' }).click();

    const [first, second] = LONG_TEXT.split('\n\n');
    await chatLog(page).getByText(fakeReplyTo(second!), { exact: true }).waitFor();
    const fromUser = async () => {
      const stored = await storedMessages(page, chatId);
      return stored.slice(stored.findIndex(([role]) => role === 'user'));
    };
    await expect.poll(fromUser).toEqual([
      ['user', first],
      ['user', second],
      ['assistant', fakeReplyTo(second!)],
    ]);
    expect(await composer(page).inputValue()).toBe('');
    await screenshot(page, 'composer-sent-as-two-desktop');

    // 'Create a persona' from the chat opens Profile's form, its name field focused.
    await page.getByRole('button', { name: /Change persona/ }).click();
    await page.getByRole('menuitem', { name: 'Create a persona' }).click();
    const form = page.getByRole('dialog', { name: 'New persona' });
    await form.waitFor();
    await expect.poll(() => form.getByLabel('Name').evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the chat on a phone (390x844)', () => {
  it('shows the chat list at /recent-chat, gives an open chat the screen, and goes back to the list', async () => {
    const page = await newPage({ phone: true });
    await signUpFromRecentChat(page, { name: 'Phone Reader', email: uniqueEmail('phone'), password: 'phone-reader-42' });
    // No chat chosen: the list is the page, not an empty pane behind a toggle.
    await page.getByRole('searchbox', { name: /Search chats/ }).waitFor();
    expect(await page.getByText('Please select a chat to start conversation').count()).toBe(0);
    await page.getByRole('button', { name: 'Import' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'chat-list-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await openFirstCharacterChat(page);
    const back = page.getByRole('button', { name: 'Back to chats' });
    await back.waitFor();
    // The app's top bar is tucked away: the chat's header (and any notice under it) starts the screen.
    expect(await page.locator('main').evaluate((main) => main.getBoundingClientRect().top)).toBe(0);
    const headerBottom = await bottomOf(page, 'section[aria-label="Chat window"] > header');
    expect(headerBottom).toBeLessThanOrEqual(100);
    const logTop = (await chatLog(page).boundingBox())!.y;
    expect(logTop).toBeLessThanOrEqual(100);
    // The caret is not put in the box: the on-screen keyboard would cover the story.
    expect(await composer(page).evaluate((input) => input === document.activeElement)).toBe(false);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'chat-open-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await back.click();
    await page.getByRole('searchbox', { name: /Search chats/ }).waitFor();
    // The top bar is back above the list.
    expect(await page.locator('main').evaluate((main) => main.getBoundingClientRect().top)).toBeGreaterThan(0);
    await page.context().close();
  });
});
