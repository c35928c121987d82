import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  chatLog,
  FIRST_CHARACTER,
  newPage,
  nextAiReply,
  openFirstCharacterChat,
  pageToken,
  screenshot,
  sendInChat,
  signUpFromRecentChat,
  storedMessages,
  uniqueEmail,
} from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

/** Signs up from /recent-chat's 'Go to Login' and waits for the empty chat screen. */
const signUpToChat = (page: Page, name: string) =>
  signUpFromRecentChat(page, { name, email: uniqueEmail('chat'), password: 'chatty-characters-42' });

/** The reply being streamed (MessageBubble marks it aria-busy). */
const streaming = (page: Page) => page.locator('[role="log"] [aria-busy="true"]');

describe('the chat screen', () => {
  it('opens a chat from a card, streams the reply in parts, and finds it again after a reload', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpToChat(page, 'Chat Starter');
    await openFirstCharacterChat(page);
    await chatLog(page).getByText(FIRST_CHARACTER, { exact: true }).first().waitFor();

    const reply = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima';
    await nextAiReply({ kind: 'reply', text: reply, chunkDelayMs: 120 });
    await sendInChat(page, 'Hello there');
    await chatLog(page).getByText('Hello there').waitFor();
    // Part of the reply is on screen while the rest is still on its way.
    await streaming(page)
      .getByText(/^alpha/)
      .waitFor();
    expect(await streaming(page).textContent()).not.toContain('lima');
    await chatLog(page).getByText(reply).waitFor();
    await streaming(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByPlaceholder('Type a message').isEnabled()).toBe(true);
    await screenshot(page, 'chat-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await chatLog(page).getByText(reply).waitFor();
    await chatLog(page).getByText('Hello there').waitFor();
    await page.getByRole('heading', { name: 'Select a history' }).waitFor();
    await page
      .locator('#chat-history')
      .getByRole('button', { name: new RegExp(FIRST_CHARACTER) })
      .first()
      .waitFor();
    await page.context().close();
  });

  it('regenerates the last reply, and Stop ends a reply early keeping what it wrote (tests/e2e/chat-stop.test.ts)', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpToChat(page, 'Chat Regenerator');
    await openFirstCharacterChat(page);

    await nextAiReply({ kind: 'reply', text: 'The first answer.' });
    await sendInChat(page, 'Tell me something');
    await chatLog(page).getByText('The first answer.').waitFor();

    await nextAiReply({ kind: 'reply', text: 'A better second answer.' });
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await chatLog(page).getByText('A better second answer.').waitFor();
    expect(await chatLog(page).getByText('The first answer.').count()).toBe(0);

    await nextAiReply({ kind: 'stall', afterWords: 3 });
    await sendInChat(page, 'Now a long story');
    await streaming(page)
      .getByText(/^You said/)
      .waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await chatLog(page).getByText('Stopped', { exact: true }).waitFor();
    await expect.poll(() => page.getByPlaceholder('Type a message').isEnabled()).toBe(true);

    // The server kept the message, the regenerated reply, and the words of the stopped one.
    const stored = await storedMessages(page, new URL(page.url()).searchParams.get('chat')!);
    expect(stored.slice(-4)).toEqual([
      ['user', 'Tell me something'],
      ['assistant', 'A better second answer.'],
      ['user', 'Now a long story'],
      ['assistant', 'You said: Now'],
    ]);
    await page.reload();
    await chatLog(page).getByText('A better second answer.').waitFor();
    await chatLog(page).getByText('Now a long story').waitFor();
    await chatLog(page).getByText('You said: Now').waitFor();
    await page.context().close();
  });

  it('opens a long chat at its newest messages, reads older ones by itself while the reader is at the top, and ends at its start', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpToChat(page, 'Chat Historian');
    // 15 exchanges through the API: 15 messages and 15 replies, 30 in all. No greeting_index is sent,
    // so the server stores no greeting: 3 full pages of 10.
    const token = await pageToken(page);
    const chatId = await page.evaluate(async (token) => {
      const cards = (await (await fetch('/api/upload/image?limit=1')).json()) as { data: { file_id: string }[] };
      const chat = crypto.randomUUID();
      for (let i = 1; i <= 15; i++) {
        const response = await fetch('/api/chat/completions', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({
            chat_id: chat,
            character_id: cards.data[0]!.file_id,
            messages: [{ role: 'user', content: `Message number ${i}` }],
          }),
        });
        if (!response.ok) throw new Error(`completion ${i}: ${response.status} ${await response.text()}`);
      }
      return chat;
    }, token);

    await page.goto(`/recent-chat?chat=${chatId}`);
    await chatLog(page).getByText('Message number 15', { exact: true }).waitFor();

    // Thirty short messages do not fill the screen: the reader is at the top, so the older ones come
    // by themselves, and 'Load More History (10)' is gone once the chat's first message is there.
    await chatLog(page).getByText('Message number 1', { exact: true }).waitFor();
    await expect.poll(() => chatLog(page).getByRole('article').count()).toBe(30);
    await page.getByRole('button', { name: 'Load More History (10)' }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('fits a phone: the chat, the composer and the character panel, with no sideways scrolling', async () => {
    const page = await newPage({ phone: true });
    await signUpToChat(page, 'Phone Chatter');
    await openFirstCharacterChat(page);
    expect(await page.getByRole('complementary', { name: 'Character' }).isVisible()).toBe(false);

    await nextAiReply({ kind: 'reply', text: 'Hello from the phone.' });
    await sendInChat(page, 'Hi from a phone');
    await chatLog(page).getByText('Hello from the phone.').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'chat-phone');

    await page.getByRole('button', { name: 'Show character panel' }).click();
    const panel = page.getByRole('complementary', { name: 'Character' });
    await panel.getByRole('heading', { name: FIRST_CHARACTER }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'chat-phone-panel');
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Hide character panel' }).click();
    await panel.waitFor({ state: 'hidden' });

    // The chat has the phone's screen: its way back is to the list.
    await page.getByRole('button', { name: 'Back to chats' }).click();
    await page.getByRole('heading', { name: 'Select a history' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
