/**
 * What the AI sees and remembers: the chat menu's Prompt view lists the last request's parts in order
 * with their tokens, online and, for the last request this device saw, offline; a message pinned to
 * memory, and one written in the Memory panel, are in the next prompt.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backOnline, chatLog, fakeReplyTo, lastAiPrompt, newPage, openOffline, screenshot, sendInChat, signUpAndChat } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

async function openFromChatMenu(page: Page, item: 'Prompt' | 'Memory') {
  await page.getByRole('button', { name: 'Chat actions' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog', { name: item });
}

describe('the Prompt view', () => {
  it('lists the parts of the last request with their tokens, and opens offline from the device (phone, axe)', async () => {
    const page = await newPage({ phone: true });
    await signUpAndChat(page, 'Prompt Reader', 'What do you see?');

    const openPrompt = () => openFromChatMenu(page, 'Prompt');
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

  it('keeps a pinned message and a memory written by hand in the next prompt, and shows them there (phone, axe)', async () => {
    const page = await newPage({ phone: true });
    await signUpAndChat(page, 'Memory Keeper', 'My cat is called Tom.');
    await page.getByRole('button', { name: "Actions for Memory Keeper's message" }).first().click();
    await page.getByRole('menuitem', { name: 'Pin to memory' }).click();

    const memory = await openFromChatMenu(page, 'Memory');
    const list = memory.getByRole('list', { name: 'Pinned memories' });
    await list.getByText('My cat is called Tom.').waitFor();
    await memory.getByLabel('New memory').fill('The lighthouse is painted red.');
    await memory.getByRole('button', { name: 'Add memory' }).click();
    await list.getByText('The lighthouse is painted red.').waitFor();
    await memory.getByText('Some changes are waiting to be sent.', { exact: false }).waitFor({ state: 'hidden' });
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'memory-panel-phone');
    await memory.getByRole('button', { name: 'Close' }).click();

    await sendInChat(page, 'What is my cat called?');
    await chatLog(page).getByText(fakeReplyTo('What is my cat called?'), { exact: true }).waitFor();
    const sent = (await lastAiPrompt()).map((message) => message.content);
    expect(sent).toContain('[Pinned memories of this chat:\n- My cat is called Tom.\n- The lighthouse is painted red.]');
    const prompt = await openFromChatMenu(page, 'Prompt');
    await prompt.getByText('Pinned memories').waitFor();
    await prompt.getByText('2 memories').waitFor();
    await page.context().close();
  });

  it("sends the author's note set at depth 2 with the next message, beside the card (phone)", async () => {
    const page = await newPage({ phone: true });
    await signUpAndChat(page, 'Note Writer', 'Tell me about the sea.');
    const memory = await openFromChatMenu(page, 'Memory');
    await memory.getByLabel("Author's note").fill('Write in short sentences.');
    await memory.getByLabel('Depth (messages from the end)').fill('2');
    await memory.getByRole('button', { name: 'Save note' }).click();
    await memory.getByRole('status').getByText('Note saved').waitFor();
    await memory.getByText('Some changes are waiting to be sent.', { exact: false }).waitFor({ state: 'hidden' });
    expect(await seriousViolations(page, 'dialog')).toEqual([]);
    await memory.getByRole('button', { name: 'Close' }).click();

    await sendInChat(page, 'And the lighthouse?');
    await chatLog(page).getByText(fakeReplyTo('And the lighthouse?'), { exact: true }).waitFor();
    const sent = (await lastAiPrompt()).map((message) => message.content);
    const at = sent.indexOf('Write in short sentences.');
    expect(at).toBeGreaterThan(0);
    // Two messages from the end: of the chat, only the character's reply and the new message follow it.
    const chatAfter = sent.slice(at + 1).filter((text) => text === fakeReplyTo('Tell me about the sea.') || text === 'And the lighthouse?');
    expect(chatAfter).toEqual([fakeReplyTo('Tell me about the sea.'), 'And the lighthouse?']);
    const prompt = await openFromChatMenu(page, 'Prompt');
    await prompt.getByText("Author's note").waitFor();
    await prompt.getByText('2 messages from the end').waitFor();
    await page.context().close();
  });
});
