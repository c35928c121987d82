/**
 * Stop keeps what was written, on a phone (390×844) and a desktop (1280×900): the words that arrived
 * stay as the character's reply with a quiet 'Stopped' note, Continue goes on from them, and both
 * are still there after a reload, as the server stored them.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chatLog,
  newPage,
  nextAiReply,
  openFirstCharacterChat,
  screenshot,
  sendInChat,
  signUpFromRecentChat,
  storedMessages,
  uniqueEmail,
} from './browser';
import { seriousViolations } from './page-checks';

/** The chat bubble (an article in the log) that shows `text`. */
const bubble = (page: Page, text: string) => chatLog(page).getByRole('article').filter({ hasText: text });

/** The reply being streamed (MessageBubble marks it aria-busy). */
const streaming = (page: Page) => page.locator('[role="log"] [aria-busy="true"]');

describe.each([
  ['phone', { phone: true }],
  ['desktop', { phone: false }],
])('Stop on a %s', (size, { phone }) => {
  it('keeps the words that arrived as the reply, marked Stopped; Continue extends it; a reload shows both', async () => {
    const page = await newPage({ phone });
    if (!phone) await page.setViewportSize({ width: 1280, height: 900 });
    await signUpFromRecentChat(page, { name: `Stopper ${size}`, email: uniqueEmail('stop'), password: 'stop-right-there-42' });
    const chatId = await openFirstCharacterChat(page);

    await nextAiReply({ kind: 'stall', afterWords: 3 });
    await sendInChat(page, 'Tell me a long story');
    await streaming(page)
      .getByText(/^You said: Tell/)
      .waitFor();
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    const partial = bubble(page, 'You said: Tell');
    await partial.getByText('Stopped', { exact: true }).waitFor();
    await streaming(page).waitFor({ state: 'detached' });
    expect(await chatLog(page).getByText('not saved').count()).toBe(0);
    await expect.poll(() => page.getByPlaceholder('Type a message').isEnabled()).toBe(true);
    expect((await storedMessages(page, chatId)).slice(-2)).toEqual([
      ['user', 'Tell me a long story'],
      ['assistant', 'You said: Tell'],
    ]);
    await screenshot(page, `chat-stopped-${size}`);
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await bubble(page, 'You said: Tell').getByText('Stopped', { exact: true }).waitFor();

    await nextAiReply({ kind: 'reply', text: 'me a long story, once upon a time.' });
    await bubble(page, 'You said: Tell').getByRole('button', { name: 'Continue' }).click();
    const whole = 'You said: Tell me a long story, once upon a time.';
    await chatLog(page).getByText(whole).waitFor();
    await streaming(page).waitFor({ state: 'detached' });
    // Written whole now: the note goes.
    expect(await bubble(page, whole).getByText('Stopped', { exact: true }).count()).toBe(0);

    await page.reload();
    await chatLog(page).getByText(whole).waitFor();
    expect((await storedMessages(page, chatId)).slice(-2)).toEqual([
      ['user', 'Tell me a long story'],
      ['assistant', whole],
    ]);
    await page.context().close();
  });
});
