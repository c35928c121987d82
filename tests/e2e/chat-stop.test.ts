/**
 * Stop keeps what was written, on a phone (390×844) and a desktop (1280×900): the words that arrived
 * stay as the character's reply with a quiet 'Stopped' note, Regenerate adds a version beside them,
 * Continue goes on from them, and all of it is still there after a reload, as the server stored it.
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
  it('keeps the words that arrived as the reply, marked Stopped; Regenerate adds a version; Continue extends it; a reload shows it', async () => {
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

    // Regenerate adds a version written whole (no note); the stopped one is still there, noted.
    await nextAiReply({ kind: 'reply', text: 'A fresh take.' });
    await bubble(page, 'You said: Tell').getByRole('button', { name: 'Regenerate' }).click();
    const fresh = bubble(page, 'A fresh take.');
    await fresh.getByRole('button', { name: 'Previous version' }).waitFor();
    expect(await fresh.getByText('Stopped', { exact: true }).count()).toBe(0);
    await fresh.getByRole('button', { name: 'Previous version' }).click();
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
