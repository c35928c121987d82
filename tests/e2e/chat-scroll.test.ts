/**
 * Issue 14 item 2 (and 16), on a phone and a desktop: a long chat opens at its newest message,
 * 'Load More History (10)' keeps the message being read in place, a reply being written is followed
 * while the reader is at the bottom and never pulls them back once they scrolled up ('Jump to
 * latest' does), and the reply is styled while it streams.
 */
import { zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ChatImportResponse } from '@core/contract';
import { writeChatJsonl } from '@core/chat/index';
import {
  chatLog,
  FIRST_CHARACTER,
  newPage,
  nextAiReply,
  pageToken,
  screenshot,
  sendInChat,
  signUpFromRecentChat,
  uniqueEmail,
} from './browser';
import { seriousViolations } from './page-checks';

const MESSAGES = 200;

/** Message i of the long chat: lengths vary, so rows are of many heights. */
function line(i: number): string {
  return `Line ${i}: ${'the lighthouse keeps its watch over the bay '.repeat(1 + (i % 4))}`.trim();
}

/** Imports a SillyTavern chat of `MESSAGES` messages with the first seeded character; its id. */
async function importLongChat(page: Page, userName: string): Promise<string> {
  const start = Date.UTC(2026, 0, 5, 9);
  const messages = Array.from({ length: MESSAGES }, (_, i) => ({
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    name: i % 2 === 0 ? userName : FIRST_CHARACTER,
    content: line(i),
    sendDate: new Date(start + i * 60_000).toISOString(),
  }));
  const jsonl = writeChatJsonl({ userName, characterName: FIRST_CHARACTER, createdAt: new Date(start).toISOString(), messages });
  const zip = zipSync({ [`${FIRST_CHARACTER}.jsonl`]: new TextEncoder().encode(jsonl) });
  const token = await pageToken(page);
  const imported = await page.evaluate(
    async ({ bytes, token }) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'long.zip');
      const response = await fetch('/api/chats/import', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      if (!response.ok) throw new Error(`import answered ${response.status}`);
      return (await response.json()) as ChatImportResponse;
    },
    { bytes: Array.from(zip), token },
  );
  return imported.imported[0]!.chat_id;
}

/** The chat's scrolling element: the one around the message log. */
const scroller = (page: Page): Locator => chatLog(page).locator('xpath=../..');

/** Whether `target` lies wholly inside what the scroller shows (not merely rendered). */
async function inView(page: Page, target: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([scroller(page).boundingBox(), target.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

/** Scrolls the conversation by `dy` px with the mouse wheel over it, as a reader does. */
async function wheel(page: Page, dy: number): Promise<void> {
  const box = (await scroller(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, dy);
}

/** The message in the middle of what the scroller shows, and where it is on screen. */
async function messageInView(page: Page): Promise<{ id: string; y: number }> {
  return scroller(page).evaluate((element) => {
    const box = element.getBoundingClientRect();
    // The middle may fall in the gap between two messages: the nearest row below it then counts.
    let row: Element | null | undefined;
    for (let dy = 0; !row && dy < box.height / 2; dy += 4) {
      row = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2 + dy)?.closest('[data-message-id]');
    }
    if (!row) throw new Error('no message in the lower half of the chat');
    return { id: row.getAttribute('data-message-id')!, y: row.getBoundingClientRect().top };
  });
}

/** Reply words: an emphasis opens on one chunk and closes three chunks later, as a model writes it. */
const REPLY = Array.from({ length: 60 }, (_, i) => (i % 10 === 3 ? `*glances${i}` : i % 10 === 6 ? `around${i}*` : `word${i}`));

describe.each([
  ['phone', true],
  ['desktop', false],
] as const)('a long chat on a %s', (size, phone) => {
  it('opens at its newest message, keeps the place on Load More, and follows a reply only while the reader is at the bottom', async () => {
    const page = await newPage({ phone });
    if (!phone) await page.setViewportSize({ width: 1280, height: 900 });
    const userName = `Reader ${size}`;
    await signUpFromRecentChat(page, { name: userName, email: uniqueEmail('scroll'), password: 'scroll-me-gently-42' });
    const chatId = await importLongChat(page, userName);

    // Opened, the newest message is on screen: inside the scroller's visible area.
    await page.goto(`/recent-chat?chat=${chatId}`);
    const newest = chatLog(page).getByText(line(MESSAGES - 1), { exact: true });
    await newest.waitFor();
    await expect.poll(() => inView(page, newest)).toBe(true);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
    expect(await seriousViolations(page), `long chat (${size})`).toEqual([]);
    await screenshot(page, `chat-scroll-opened-${size}`);

    // Load More History (10) from the top: the message being read stays where it was.
    await scroller(page).evaluate((element) => element.scrollTo({ top: 0 }));
    const reading = chatLog(page).getByText(line(MESSAGES - 10), { exact: true });
    const before = (await reading.boundingBox())!.y;
    await page.getByRole('button', { name: 'Load More History (10)' }).click();
    await chatLog(page)
      .getByText(line(MESSAGES - 11), { exact: true })
      .waitFor({ state: 'attached' });
    await page.getByRole('button', { name: 'Load More History (10)' }).waitFor();
    await expect.poll(async () => Math.abs((await reading.boundingBox())!.y - before)).toBeLessThanOrEqual(2);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).isVisible()).toBe(true);

    // Back at the bottom, Ask takes the view to the message and follows the styled reply as it streams.
    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect.poll(() => inView(page, newest)).toBe(true);
    await nextAiReply({ kind: 'reply', text: REPLY.join(' '), chunkDelayMs: 150 });
    const question = 'Tell me everything, slowly.';
    await sendInChat(page, question);
    await expect.poll(() => inView(page, chatLog(page).getByText(question, { exact: true }))).toBe(true);
    const streaming = chatLog(page).locator('[aria-busy="true"]');
    // Styled as it streams: an emphasis still open shows styled, never a raw '*'.
    await streaming.getByText('glances13').waitFor();
    expect(await streaming.locator('[data-style="emphasis"]').last().innerText()).toMatch(/^glances13/);
    expect(await streaming.innerText()).not.toContain('*');
    await expect.poll(() => inView(page, streaming)).toBe(true);

    // Scrolled up while it streams: the view stays put and offers the way back.
    await wheel(page, -600);
    await page.getByRole('button', { name: 'Jump to latest' }).waitFor();
    const held = await messageInView(page);
    await streaming.getByText('word40').waitFor();
    const now = await messageInView(page);
    expect(now.id).toBe(held.id);
    expect(Math.abs(now.y - held.y)).toBeLessThanOrEqual(1);
    await screenshot(page, `chat-scroll-reading-while-streaming-${size}`);

    await page.getByRole('button', { name: 'Jump to latest' }).click();
    const last = chatLog(page).getByText('word59');
    await last.waitFor();
    await streaming.waitFor({ state: 'detached' });
    await expect.poll(() => inView(page, last)).toBe(true);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
    await page.context().close();
  });
});
