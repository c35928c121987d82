/**
 * Branches on a phone (390×844) and a desktop (1280×900): 'Branch from here' in a message's ⋯ menu
 * opens a new chat holding the history up to that message, the history list and the header say
 * 'Branch of …', the header's link goes back to the original; a branch made offline (and a message
 * written in it) reaches the server once cardchat answers again, as exactly one chat.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  backOnline,
  chatLog,
  fakeReplyTo,
  FIRST_CHARACTER,
  newPage,
  pageToken,
  screenshot,
  sendInChat,
  signUpAndChat,
  storedMessages,
} from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

/** The chat bubble (an article in the log) that shows `text`. */
const bubble = (page: Page, text: string) => chatLog(page).getByRole('article').filter({ hasText: text });

const openChatId = (page: Page) => new URL(page.url()).searchParams.get('chat');

/** Branches from the message showing `text` and waits until the branch is the open chat; its id. */
async function branchFrom(page: Page, text: string, author: string): Promise<string> {
  const before = openChatId(page);
  await bubble(page, text)
    .getByRole('button', { name: `Actions for ${author}'s message` })
    .click();
  await page.getByRole('menuitem', { name: 'Branch from here', exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('chat') !== before);
  await page.getByRole('heading', { name: new RegExp(`${FIRST_CHARACTER} \\(branch \\d+\\)`) }).waitFor();
  return openChatId(page)!;
}

/** The user's chats as the server lists them, through the page's own token. */
async function serverChats(page: Page): Promise<Array<{ chat_id: string; branch_of?: string | null; title?: string | null }>> {
  const token = await pageToken(page);
  return page.evaluate(async (token) => {
    const response = await fetch('/api/chats/list', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ page_size: 50 }),
    });
    return ((await response.json()) as { data: Array<{ chat_id: string; branch_of?: string | null; title?: string | null }> }).data;
  }, token);
}

describe.each([
  ['phone', { phone: true }],
  ['desktop', { phone: false }],
])('Branches on a %s', (size, { phone }) => {
  it('branches from a message, lands in the branch, goes back by the header link; offline, the branch is made once', async () => {
    const page = await newPage({ phone });
    if (!phone) await page.setViewportSize({ width: 1280, height: 900 });
    const origin = await signUpAndChat(page, `Brancher ${size}`, 'Which road?');
    await sendInChat(page, 'Take the left one');
    await chatLog(page).getByText(fakeReplyTo('Take the left one'), { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Ask' }).waitFor();

    const chatHeader = page.getByRole('region', { name: 'Chat window' }).locator('header');
    const headerHeight = (await chatHeader.boundingBox())!.height;
    const branch = await branchFrom(page, fakeReplyTo('Which road?'), FIRST_CHARACTER);
    await chatLog(page).getByText(fakeReplyTo('Which road?'), { exact: true }).waitFor();
    expect(await chatLog(page).getByText('Take the left one').count()).toBe(0);
    const back = page.getByRole('link', { name: `Branch of ${FIRST_CHARACTER}` });
    await back.waitFor();
    // The link shares the timer's line: a branch's header is no taller than its original's.
    expect((await chatHeader.boundingBox())!.height).toBe(headerHeight);
    const original = await storedMessages(page, origin);
    await expect.poll(() => storedMessages(page, branch)).toEqual(original.slice(0, original.length - 2));
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, `chat-branch-${size}`);
    expect(await seriousViolations(page)).toEqual([]);

    // A phone's open chat has the screen: the list is where its Back leads, and the branch opens from it again.
    if (phone) await page.getByRole('button', { name: 'Back to chats' }).click();
    const listed = page.locator('#chat-history').getByRole('button', { name: new RegExp(`${FIRST_CHARACTER} \\(branch 1\\)`) });
    await listed.getByText(`Branch of ${FIRST_CHARACTER}`).waitFor();
    expect(await seriousViolations(page, '#chat-history')).toEqual([]);
    if (phone) await listed.click();

    await back.click();
    await page.waitForURL((url) => url.searchParams.get('chat') === origin);
    await chatLog(page).getByText('Take the left one', { exact: true }).waitFor();

    // Offline: the branch opens at once, a message written in it waits, and both go once online.
    await page.context().setOffline(true);
    const offline = await branchFrom(page, fakeReplyTo('Take the left one'), FIRST_CHARACTER);
    await page.getByRole('link', { name: `Branch of ${FIRST_CHARACTER}` }).waitFor();
    await sendInChat(page, 'Or the right one?');
    await bubble(page, 'Or the right one?').getByText('Waiting to send').waitFor();
    await backOnline(page);
    await chatLog(page).getByText(fakeReplyTo('Or the right one?'), { exact: true }).waitFor();
    await expect
      .poll(async () => (await storedMessages(page, offline)).slice(-4))
      .toEqual([...original.slice(-2), ['user', 'Or the right one?'], ['assistant', fakeReplyTo('Or the right one?')]]);
    const chats = await serverChats(page);
    expect(chats.filter((chat) => chat.chat_id === offline)).toHaveLength(1);
    expect(chats.filter((chat) => chat.branch_of === origin).map((chat) => chat.title)).toEqual(
      expect.arrayContaining([`${FIRST_CHARACTER} (branch 1)`, `${FIRST_CHARACTER} (branch 2)`]),
    );
    expect(chats).toHaveLength(3);
    await page.context().close();
  });
});
