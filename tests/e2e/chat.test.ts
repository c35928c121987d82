import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_CHARACTERS } from '../../server/seed/characters';
import { newPage, nextAiReply, screenshot, signUp, uniqueEmail } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

const CHARACTER = SEED_CHARACTERS[0]!.name;

/** Signs up from /recent-chat's 'Go to Login' and waits for the empty chat screen. */
async function signUpToChat(page: Page, name: string): Promise<void> {
  await page.goto('/recent-chat');
  await page.getByText('User not authenticated. Please log in to view chat records.').waitFor();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await signUp(page, { name, email: uniqueEmail('chat'), password: 'chatty-characters-42' });
  await page.getByText('Please select a chat to start conversation').waitFor();
}

/** Opens a new chat with the first seeded character by clicking its card on Home. */
async function openChatFromHome(page: Page): Promise<void> {
  await page.goto('/');
  // The server seeds after it starts listening; the first visit may come before it finished.
  await expect
    .poll(async () => {
      if (await page.getByRole('button', { name: `Chat with ${CHARACTER}` }).count()) return true;
      await page.reload();
      return false;
    }, { timeout: 30_000 })
    .toBe(true);
  await page.getByRole('button', { name: `Chat with ${CHARACTER}` }).click();
  await page.waitForURL((url) => url.pathname === '/recent-chat' && url.searchParams.has('chat'));
  await page.getByPlaceholder('Type a message').waitFor();
}

async function send(page: Page, text: string): Promise<void> {
  const input = page.getByPlaceholder('Type a message');
  await input.fill(text);
  await input.press('Enter');
}

/** The reply being streamed (MessageBubble marks it aria-busy). */
const streaming = (page: Page) => page.locator('[role="log"] [aria-busy="true"]');
const log = (page: Page) => page.getByRole('log');

describe('the chat screen', () => {
  it('opens a chat from a card, streams the reply in parts, and finds it again after a reload', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpToChat(page, 'Chat Starter');
    await openChatFromHome(page);
    await log(page).getByText(CHARACTER, { exact: true }).first().waitFor();

    const reply = 'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima';
    await nextAiReply({ kind: 'reply', text: reply, chunkDelayMs: 120 });
    await send(page, 'Hello there');
    await log(page).getByText('Hello there').waitFor();
    // Part of the reply is on screen while the rest is still on its way.
    await streaming(page).getByText(/^alpha/).waitFor();
    expect(await streaming(page).textContent()).not.toContain('lima');
    await log(page).getByText(reply).waitFor();
    await streaming(page).waitFor({ state: 'detached' });
    await expect.poll(() => page.getByPlaceholder('Type a message').isEnabled()).toBe(true);
    await screenshot(page, 'chat-desktop');
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await log(page).getByText(reply).waitFor();
    await log(page).getByText('Hello there').waitFor();
    await page.getByRole('heading', { name: 'Select a history' }).waitFor();
    await page.locator('#chat-history').getByRole('button', { name: new RegExp(CHARACTER) }).first().waitFor();
    await page.context().close();
  });

  it('regenerates the last reply, and Stop ends a reply early without saving it', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpToChat(page, 'Chat Regenerator');
    await openChatFromHome(page);

    await nextAiReply({ kind: 'reply', text: 'The first answer.' });
    await send(page, 'Tell me something');
    await log(page).getByText('The first answer.').waitFor();

    await nextAiReply({ kind: 'reply', text: 'A better second answer.' });
    await page.getByRole('button', { name: 'Regenerate' }).click();
    await log(page).getByText('A better second answer.').waitFor();
    expect(await log(page).getByText('The first answer.').count()).toBe(0);

    await nextAiReply({ kind: 'stall', afterWords: 3 });
    await send(page, 'Now a long story');
    await streaming(page).getByText(/^You said/).waitFor();
    await page.getByRole('button', { name: 'Stop' }).click();
    await log(page).getByText('Stopped · not saved').waitFor();
    await expect.poll(() => page.getByPlaceholder('Type a message').isEnabled()).toBe(true);

    // The server kept the message and the regenerated reply, and no part of the stopped one.
    const stored = await page.evaluate(async (chatId) => {
      const tokens = JSON.parse(localStorage.getItem('cardchat.tokens') ?? '{}') as { accessToken: string };
      const response = await fetch('/api/chats/get', {
        method: 'POST',
        headers: { Authorization: `Bearer ${tokens.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId }),
      });
      return ((await response.json()) as { data: { role: string; content: string }[] }).data.map((m) => [m.role, m.content]);
    }, new URL(page.url()).searchParams.get('chat'));
    expect(stored.slice(-3)).toEqual([
      ['user', 'Tell me something'],
      ['assistant', 'A better second answer.'],
      ['user', 'Now a long story'],
    ]);
    await page.reload();
    await log(page).getByText('A better second answer.').waitFor();
    await log(page).getByText('Now a long story').waitFor();
    await page.context().close();
  });

  it('shows a long chat 10 messages at a time, older ones on request', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await signUpToChat(page, 'Chat Historian');
    // 15 exchanges through the API: 15 messages and 15 replies, 30 in all. No greeting_index is sent,
    // so the server stores no greeting: 3 full pages of 10.
    const chatId = await page.evaluate(async () => {
      const tokens = JSON.parse(localStorage.getItem('cardchat.tokens') ?? '{}') as { accessToken: string };
      const cards = (await (await fetch('/api/upload/image?limit=1')).json()) as { data: { file_id: string }[] };
      const chat = crypto.randomUUID();
      for (let i = 1; i <= 15; i++) {
        const response = await fetch('/api/chat/completions', {
          method: 'POST',
          headers: { Authorization: `Bearer ${tokens.accessToken}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
          body: JSON.stringify({ chat_id: chat, character_id: cards.data[0]!.file_id, messages: [{ role: 'user', content: `Message number ${i}` }] }),
        });
        if (!response.ok) throw new Error(`completion ${i}: ${response.status} ${await response.text()}`);
      }
      return chat;
    });

    await page.goto(`/recent-chat?chat=${chatId}`);
    await log(page).getByText('Message number 15', { exact: true }).waitFor();
    const bubbles = log(page).getByRole('article');
    expect(await bubbles.count()).toBe(10);
    expect(await log(page).getByText('Message number 11', { exact: true }).count()).toBe(1);
    expect(await log(page).getByText('Message number 10', { exact: true }).count()).toBe(0);

    await page.getByRole('button', { name: 'Load More History (10)' }).click();
    await log(page).getByText('Message number 6', { exact: true }).waitFor();
    expect(await bubbles.count()).toBe(20);

    await page.getByRole('button', { name: 'Load More History (10)' }).click();
    await log(page).getByText('Message number 1', { exact: true }).waitFor();
    expect(await bubbles.count()).toBe(30);
    await page.getByRole('button', { name: 'Load More History (10)' }).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('fits a phone: the chat, the composer and the character panel, with no sideways scrolling', async () => {
    const page = await newPage({ phone: true });
    await signUpToChat(page, 'Phone Chatter');
    await openChatFromHome(page);
    expect(await page.getByRole('complementary', { name: 'Character' }).isVisible()).toBe(false);

    await nextAiReply({ kind: 'reply', text: 'Hello from the phone.' });
    await send(page, 'Hi from a phone');
    await log(page).getByText('Hello from the phone.').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'chat-phone');

    await page.getByRole('button', { name: 'Show character panel' }).click();
    const panel = page.getByRole('complementary', { name: 'Character' });
    await panel.getByRole('heading', { name: CHARACTER }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'chat-phone-panel');
    expect(await seriousViolations(page)).toEqual([]);
    await panel.getByRole('button', { name: 'Hide character panel' }).click();
    await panel.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Show chat history' }).click();
    await page.getByRole('heading', { name: 'Select a history' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
