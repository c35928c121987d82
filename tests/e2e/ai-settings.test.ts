import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { LAST_PROMPT_PATH } from '../support/fakeOpenAI';
import { backOnline, chatLog, fakeReplyTo, newPage, pageToken, screenshot, sendInChat, signUpAndChat } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

const DEFAULT_PRESET = readFileSync(new URL('../fixtures/presets/sillytavern-default.json', import.meta.url));

/** The sampling fields of the last chat request the fake AI received. */
async function lastSampling(): Promise<Record<string, unknown>> {
  const response = await fetch(new URL(LAST_PROMPT_PATH, inject('fakeLlmControl')));
  const {
    messages: _messages,
    stream: _stream,
    stream_options: _options,
    ...sampling
  } = (await response.json()) as Record<string, unknown>;
  return sampling;
}

/** The chat's settings as the server holds them, through the page's own token. */
async function storedSettings(page: Page, chatId: string): Promise<unknown> {
  const token = await pageToken(page);
  return page.evaluate(
    async ({ chatId, token }) =>
      (await fetch(`/api/chats/${chatId}/ai-settings`, { headers: { Authorization: `Bearer ${token}` } })).json(),
    { chatId, token },
  );
}

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Chat actions' }).click();
  await page.getByRole('menuitem', { name: 'AI settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'AI settings' });
  await dialog.getByRole('radio', { name: 'Settings of its own' }).waitFor();
  return dialog;
}

describe('AI settings', () => {
  it('change a chat’s temperature offline on a phone, reach the server before the next message, and import a preset', async () => {
    const page = await newPage({ phone: true });
    const chatId = await signUpAndChat(page, 'Tess Moor', 'Good evening');
    // The header says which model writes the replies (the server's only one here: LLM_MODEL).
    await page.locator('header').getByText('Model: gpt-4o-mini').waitFor();

    let dialog = await openSettings(page);
    expect(await dialog.getByRole('radio', { name: 'My default settings' }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: 'Settings of its own' }).check();
    await dialog.getByLabel(/^Temperature/).fill('5');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('alert').getByText('Temperature must be between 0 and 2.').waitFor();
    await dialog.getByLabel(/^Temperature/).fill('0.3');
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'ai-settings-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => storedSettings(page, chatId)).toEqual({ settings: { temperature: 0.3 }, own: true });

    // Offline: the change is kept on the device and goes before the message written after it.
    await page.context().setOffline(true);
    await page
      .getByRole('status')
      .getByText(/You['’]re offline/)
      .waitFor();
    dialog = await openSettings(page);
    expect(await dialog.getByLabel(/^Temperature/).inputValue()).toBe('0.3');
    await dialog.getByLabel(/^Temperature/).fill('1.4');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    dialog = await openSettings(page);
    expect(await dialog.getByLabel(/^Temperature/).inputValue()).toBe('1.4');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await sendInChat(page, 'Still there?');
    await chatLog(page).getByText('Waiting to send').waitFor();
    await backOnline(page);
    await chatLog(page).getByText(fakeReplyTo('Still there?'), { exact: true }).waitFor();
    expect(await lastSampling()).toMatchObject({ temperature: 1.4 });
    expect(await storedSettings(page, chatId)).toEqual({ settings: { temperature: 1.4 }, own: true });

    // A file that is not a preset says so and keeps nothing; SillyTavern's default preset imports and applies.
    dialog = await openSettings(page);
    const file = dialog.getByLabel('SillyTavern preset file');
    await file.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('hello') });
    await dialog.getByRole('alert').getByText('notes.json is not a SillyTavern preset: it is not JSON.').waitFor();
    await file.setInputFiles({ name: 'Default.json', mimeType: 'application/json', buffer: DEFAULT_PRESET });
    await dialog.getByText('Imported “Default”.').waitFor();
    await dialog.getByRole('button', { name: 'Apply' }).click();
    expect(await dialog.getByLabel(/^Temperature/).inputValue()).toBe('1');
    expect(await dialog.getByLabel(/^Max reply tokens/).inputValue()).toBe('300');
    await screenshot(page, 'ai-settings-preset-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => storedSettings(page, chatId))
      .toEqual({
        settings: { temperature: 1, top_p: 1, frequency_penalty: 0, presence_penalty: 0, max_tokens: 300, context_tokens: 4095 },
        own: true,
      });

    // Profile's defaults, with the same presets.
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'AI settings' });
    await section.getByRole('option', { name: 'Default' }).waitFor({ state: 'attached' });
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'ai-settings-profile-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await page.context().close();
  });
});
