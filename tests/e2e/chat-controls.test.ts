import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  backOnline,
  chatLog,
  fakeReplyTo,
  FIRST_CHARACTER,
  newPage,
  nextAiReply,
  openFirstCharacterChat,
  openOffline,
  screenshot,
  sendInChat,
  signUpAndChat,
  signUpFromRecentChat,
  storedMessages,
  uniqueEmail,
} from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

/** The chat bubble (an article in the log) that shows `text`. */
const bubble = (page: Page, text: string) => chatLog(page).getByRole('article').filter({ hasText: text });

/** Opens the ⋯ menu of the message showing `text` and picks `item`. */
async function messageAction(page: Page, text: string, author: string, item: 'Edit' | 'Delete' | 'Delete from here'): Promise<void> {
  await bubble(page, text)
    .getByRole('button', { name: `Actions for ${author}'s message` })
    .click();
  await page.getByRole('menuitem', { name: item, exact: true }).click();
}

/** The server's copy of the chat from its first message of the user's on, as [role, content]. */
async function storedFromUser(page: Page, chatId: string): Promise<Array<[string, string]>> {
  const stored = await storedMessages(page, chatId);
  return stored.slice(stored.findIndex(([role]) => role === 'user'));
}

/** A finger drawn 150 px sideways across the middle of `target`: its pointer events, as a phone's touch sends them. */
async function swipeAcross(target: Locator, direction: 'left' | 'right'): Promise<void> {
  const box = (await target.boundingBox())!;
  const clientY = box.y + box.height / 2;
  const from = box.x + box.width / 2 + (direction === 'left' ? 75 : -75);
  const touch = { pointerType: 'touch', isPrimary: true, pointerId: 7, bubbles: true, clientY };
  await target
    .locator('p')
    .first()
    .dispatchEvent('pointerdown', { ...touch, clientX: from });
  await target
    .locator('p')
    .first()
    .dispatchEvent('pointerup', { ...touch, clientX: from + (direction === 'left' ? -150 : 150) });
}

const chatIdOf = (page: Page) => new URL(page.url()).searchParams.get('chat')!;

describe('the chat controls: edit, versions, continue, delete with Undo', () => {
  it('edits a message in place, swipes to a new reply and back, continues it, and deletes from here with Undo, on a phone', async () => {
    const page = await newPage({ phone: true });
    const me = 'Swipe Tester';
    await signUpFromRecentChat(page, { name: me, email: uniqueEmail('controls'), password: 'swipe-right-42' });
    await openFirstCharacterChat(page);
    const chatId = chatIdOf(page);

    await nextAiReply({ kind: 'reply', text: 'The first answer.' });
    await sendInChat(page, 'Hello there');
    await chatLog(page).getByText('The first answer.').waitFor();

    // Edit in place: the phone has Save and Cancel; Cancel changes nothing.
    await messageAction(page, 'Hello there', me, 'Edit');
    const box = page.getByRole('textbox', { name: 'Message text' });
    await box.fill('Not this');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await bubble(page, 'Hello there').waitFor();
    await messageAction(page, 'Hello there', me, 'Edit');
    await box.fill('Hello there, edited');
    expect(await page.getByRole('button', { name: 'Save and regenerate' }).isVisible()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'controls-edit-phone');
    expect(await seriousViolations(page)).toEqual([]);
    // Save and regenerate: the edit reaches the server before the new version is asked for.
    await nextAiReply({ kind: 'reply', text: 'A second answer.' });
    await page.getByRole('button', { name: 'Save and regenerate' }).click();
    await chatLog(page).getByText('Hello there, edited').waitFor();
    await chatLog(page).getByText('A second answer.').waitFor();
    await chatLog(page).getByText('2 / 2').waitFor();
    expect(await chatLog(page).getByText('The first answer.').count()).toBe(0);
    await screenshot(page, 'controls-swipe-phone');
    await page.getByRole('button', { name: 'Previous version' }).click();
    await chatLog(page).getByText('The first answer.').waitFor();
    await chatLog(page).getByText('1 / 2').waitFor();
    await expect
      .poll(() => storedFromUser(page, chatId))
      .toEqual([
        ['user', 'Hello there, edited'],
        ['assistant', 'The first answer.'],
      ]);
    // A finger swiped left across the reply shows the next version, swiped right the previous one.
    await swipeAcross(bubble(page, 'The first answer.'), 'left');
    await chatLog(page).getByText('A second answer.').waitFor();
    await chatLog(page).getByText('2 / 2').waitFor();
    await swipeAcross(bubble(page, 'A second answer.'), 'right');
    await chatLog(page).getByText('1 / 2').waitFor();
    await expect.poll(async () => (await storedFromUser(page, chatId))[1]).toEqual(['assistant', 'The first answer.']);

    // Continue appends to the same reply.
    await nextAiReply({ kind: 'reply', text: 'And then some more.' });
    await page.getByRole('button', { name: 'Continue' }).click();
    await chatLog(page).getByText('The first answer. And then some more.').waitFor();
    await expect
      .poll(() => storedFromUser(page, chatId))
      .toEqual([
        ['user', 'Hello there, edited'],
        ['assistant', 'The first answer. And then some more.'],
      ]);

    // Delete from here takes the message and its reply; Undo puts them back; done again, the server follows.
    await nextAiReply({ kind: 'reply', text: 'A reply to go.' });
    await sendInChat(page, 'A message to go');
    await chatLog(page).getByText('A reply to go.').waitFor();
    await expect.poll(() => page.getByPlaceholder('Type a message').isEnabled()).toBe(true);
    await messageAction(page, 'A message to go', me, 'Delete from here');
    await page.getByRole('status').getByText('2 messages deleted').waitFor();
    await screenshot(page, 'controls-undo-phone');
    expect(await chatLog(page).getByText('A reply to go.').count()).toBe(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await chatLog(page).getByText('A reply to go.').waitFor();
    await chatLog(page).getByText('A message to go').waitFor();
    await messageAction(page, 'A message to go', me, 'Delete from here');
    await page.getByRole('button', { name: 'Undo' }).waitFor({ state: 'detached', timeout: 15_000 });
    await expect
      .poll(() => storedFromUser(page, chatId), { timeout: 15_000 })
      .toEqual([
        ['user', 'Hello there, edited'],
        ['assistant', 'The first answer. And then some more.'],
      ]);
    await page.reload();
    await chatLog(page).getByText('The first answer. And then some more.').waitFor();
    expect(await chatLog(page).getByText('A message to go').count()).toBe(0);

    // The message menu, open, is within the screen and passes axe.
    await bubble(page, 'The first answer.')
      .getByRole('button', { name: `Actions for ${FIRST_CHARACTER}'s message` })
      .click();
    const menu = page.getByRole('menu', { name: 'Message actions' });
    await menu.waitFor();
    const box2 = await menu.boundingBox();
    expect(box2 && box2.x >= 0 && box2.x + box2.width <= 390).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'controls-menu-phone');
    await page.context().close();
  });

  it('keeps an edit and a delete made offline across a reload, then applies each once, in order', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    const said = 'Before the tunnel';
    const chatId = await signUpAndChat(page, 'Offline Editor', said);
    await expect.poll(async () => (await storedFromUser(page, chatId)).length).toBe(2);

    await page.context().setOffline(true);
    await messageAction(page, said, 'Offline Editor', 'Edit');
    const box = page.getByRole('textbox', { name: 'Message text' });
    await box.fill('Edited in the tunnel');
    await screenshot(page, 'controls-edit-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await box.press('Enter');
    await chatLog(page).getByText('Edited in the tunnel').waitFor();
    const replyText = fakeReplyTo(said);
    await messageAction(page, replyText, FIRST_CHARACTER, 'Delete');
    await bubble(page, replyText).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Undo' }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('status').getByText('2 changes waiting').waitFor();

    await openOffline(page, () => page.reload());
    await chatLog(page).getByText('Edited in the tunnel').waitFor();
    expect(await bubble(page, replyText).count()).toBe(0);

    await backOnline(page);
    await expect.poll(() => storedFromUser(page, chatId), { timeout: 20_000 }).toEqual([['user', 'Edited in the tunnel']]);
    await page.reload();
    await chatLog(page).getByText('Edited in the tunnel').waitFor();
    expect(await bubble(page, replyText).count()).toBe(0);
    await page.context().close();
  });
});
