/**
 * The chat's running summary in the Memory panel: written or edited there, it goes into the next
 * prompt (and shows in the Prompt view); switched off, the next prompt is without it.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chatLog, fakeReplyTo, lastAiPrompt, newPage, screenshot, sendInChat, signUpAndChat } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

async function openFromChatMenu(page: Page, item: 'Prompt' | 'Memory') {
  await page.getByRole('button', { name: 'Chat actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog', { name: item });
}

async function ask(page: Page, text: string) {
  await sendInChat(page, text);
  await chatLog(page).getByText(fakeReplyTo(text), { exact: true }).waitFor();
  return (await lastAiPrompt()).map((message) => message.content);
}

describe('the summary in the Memory panel', () => {
  it('is shown, edited into the next prompt, and turned off for the chat (phone, axe)', async () => {
    const page = await newPage({ phone: true });
    await signUpAndChat(page, 'Summary Keeper', 'Tell me of the storm.');

    let memory = await openFromChatMenu(page, 'Memory');
    await memory.getByText('Once older messages no longer fit the prompt, the AI summarizes them here.').waitFor();
    await memory.getByLabel('Summary of older messages').fill('Ilse left the lighthouse in the storm.');
    await memory.getByRole('button', { name: 'Save summary' }).click();
    await memory.getByRole('status').getByText('Summary saved').waitFor();
    await memory.getByText('Some changes are waiting to be sent.', { exact: false }).waitFor({ state: 'hidden' });
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'memory-summary-phone');
    await memory.getByRole('button', { name: 'Close' }).click();

    expect(await ask(page, 'Where is Ilse?')).toContain('[Summary: Ilse left the lighthouse in the storm.]');
    const prompt = await openFromChatMenu(page, 'Prompt');
    await prompt.getByText('Summary of older messages').waitFor();
    await prompt.getByRole('button', { name: 'Close' }).click();

    memory = await openFromChatMenu(page, 'Memory');
    await memory.getByLabel('Summary of older messages').waitFor();
    expect(await memory.getByLabel('Summary of older messages').inputValue()).toBe('Ilse left the lighthouse in the storm.');
    await memory.getByLabel('Summarize older messages automatically').uncheck();
    await memory.getByRole('status').getByText('Summaries off').waitFor();
    await memory.getByText('Off: older messages that no longer fit are left out without a summary.').waitFor();
    await memory.getByText('Some changes are waiting to be sent.', { exact: false }).waitFor({ state: 'hidden' });
    await memory.getByRole('button', { name: 'Close' }).click();

    expect((await ask(page, 'And now?')).some((text) => text.startsWith('[Summary:'))).toBe(false);
    await page.context().close();
  });
});
