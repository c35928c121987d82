/**
 * One person on two devices at once, a phone (390×844) and a desktop (1280×900), each its own
 * browser profile: what happens on one shows on the other without a reload, through the live event
 * stream (a reply as it streams, an edit, a delete, a chat's new name).
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chatLog,
  fakeReplyTo,
  newPage,
  nextAiReply,
  openFirstCharacterChat,
  FIRST_CHARACTER,
  sendInChat,
  signUpFromRecentChat,
  uniqueEmail,
} from './browser';

const bubble = (page: Page, text: string) => chatLog(page).getByRole('article').filter({ hasText: text });
const streaming = (page: Page) => page.locator('[role="log"] [aria-busy="true"]');

async function messageAction(page: Page, text: string, author: string, item: 'Edit' | 'Delete'): Promise<void> {
  await bubble(page, text)
    .getByRole('button', { name: `Actions for ${author}'s message` })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

describe('live on every device', () => {
  it('streams a reply on both, and an edit, a delete and a rename cross over', async () => {
    const account = { name: 'Two Screens', email: uniqueEmail('live'), password: 'phone-and-desktop-42' };
    const phone = await newPage({ phone: true });
    await signUpFromRecentChat(phone, account);
    const chatId = await openFirstCharacterChat(phone);
    await sendInChat(phone, 'Hello from the bus');
    await chatLog(phone).getByText(fakeReplyTo('Hello from the bus'), { exact: true }).waitFor();

    const desktop = await newPage();
    await desktop.setViewportSize({ width: 1280, height: 900 });
    await desktop.goto('/recent-chat');
    await desktop.getByRole('button', { name: 'Go to Login' }).click();
    await desktop.getByLabel('Email', { exact: true }).fill(account.email);
    await desktop.getByLabel('Password', { exact: true }).fill(account.password);
    await desktop.getByRole('button', { name: 'Sign in', exact: true }).click();
    await desktop.getByText('Select a history', { exact: true }).waitFor({ state: 'attached' });
    await desktop.goto(`/recent-chat?chat=${chatId}`);
    await chatLog(desktop).getByText(fakeReplyTo('Hello from the bus'), { exact: true }).waitFor();

    // A reply written on the phone streams on the desktop too, word by word, then stays.
    const long = 'Once upon a time there was a phone and a desktop and they told the same story word for word.';
    await nextAiReply({ kind: 'reply', text: long, chunkDelayMs: 150 });
    await sendInChat(phone, 'Tell it on both');
    await chatLog(desktop).getByText('Tell it on both').waitFor();
    await streaming(desktop)
      .getByText(/^Once upon/)
      .waitFor();
    expect(await streaming(desktop).textContent()).not.toContain('word for word.');
    await streaming(phone)
      .getByText(/^Once upon/)
      .waitFor();
    await chatLog(desktop).getByText(long, { exact: true }).waitFor();
    await streaming(desktop).waitFor({ state: 'detached' });
    await chatLog(phone).getByText(long, { exact: true }).waitFor();

    // An edit on the desktop shows on the phone.
    await messageAction(desktop, 'Tell it on both', account.name, 'Edit');
    const box = desktop.getByRole('textbox', { name: 'Message text' });
    await box.fill('Tell it on every screen');
    await box.press('Enter');
    await chatLog(phone).getByText('Tell it on every screen').waitFor();

    // A delete on the phone leaves the desktop once it is sent (after its Undo window).
    await messageAction(phone, long, FIRST_CHARACTER, 'Delete');
    await bubble(phone, long).waitFor({ state: 'detached' });
    await bubble(desktop, long).waitFor({ state: 'detached', timeout: 20_000 });

    // A new name given on the desktop shows in the phone's list, open meanwhile.
    await phone.goto('/recent-chat');
    const phoneList = phone.getByRole('list', { name: 'Recent chats' });
    await phoneList.getByRole('button', { name: new RegExp(FIRST_CHARACTER) }).waitFor();
    await desktop.getByRole('button', { name: 'Chat actions' }).click();
    await desktop.getByRole('menuitem', { name: 'Rename chat' }).click();
    await desktop.getByRole('textbox', { name: 'Name' }).fill('Bus and desk');
    await desktop.getByRole('button', { name: 'Save' }).click();
    await desktop.getByRole('heading', { name: 'Bus and desk' }).waitFor();
    await phone.goto('/recent-chat');
    await phone
      .getByRole('list', { name: 'Recent chats' })
      .getByRole('button', { name: /Bus and desk/ })
      .waitFor();

    await phone.context().close();
    await desktop.context().close();
  });
});
