/**
 * What the AI sees: the chat menu's Prompt view lists the last request's parts in order with their
 * tokens, online and, for the last request this device saw, offline.
 */
import { describe, expect, it } from 'vitest';
import { backOnline, newPage, openOffline, screenshot, signUpAndChat } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

describe('the Prompt view', () => {
  it('lists the parts of the last request with their tokens, and opens offline from the device (phone, axe)', async () => {
    const page = await newPage({ phone: true });
    await signUpAndChat(page, 'Prompt Reader', 'What do you see?');

    const openPrompt = async () => {
      await page.getByRole('button', { name: 'Chat actions' }).click();
      await page.getByRole('menuitem', { name: 'Prompt' }).click();
      return page.getByRole('dialog', { name: 'Prompt' });
    };
    let dialog = await openPrompt();
    const parts = dialog.getByRole('list', { name: 'Parts of the prompt, in order' });
    await parts.getByText('Chat history').waitFor();
    await parts.getByText(/^2 messages kept$/).waitFor();
    const rows = await parts.getByRole('listitem').allInnerTexts();
    expect(rows.length).toBeGreaterThan(2);
    expect(rows.some((row) => /\d+ tokens/.test(row))).toBe(true);
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'prompt-view-phone');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await openOffline(page, () => page.context().setOffline(true));
    dialog = await openPrompt();
    await dialog.getByText('Offline: as this device last saw it.', { exact: false }).waitFor();
    await dialog.getByText(/^2 messages kept$/).waitFor();
    await backOnline(page);
    await page.context().close();
  });
});
