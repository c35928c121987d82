/**
 * Scrolling a long chat, on a phone and a desktop: it opens at its newest message, reaching the top
 * (or 'Load More History (10)') reads older messages and keeps the message being read in place, a reply being written is followed
 * while the reader is at the bottom and never pulls them back once they scrolled up ('Jump to
 * latest' does), and the reply is styled while it streams.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chatLog, newPage, nextAiReply, screenshot, sendInChat, signUpFromRecentChat, uniqueEmail } from './browser';
import { importLongChat, inView, scroller, wheel } from './longChat';
import { seriousViolations } from './page-checks';

const MESSAGES = 200;

/** Message i of the long chat: lengths vary, so rows are of many heights. */
function line(i: number): string {
  return `Line ${i}: ${'the lighthouse keeps its watch over the bay '.repeat(1 + (i % 4))}`.trim();
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

/** The first message at the top of what the scroller shows, and where it is on screen. */
async function messageAtTop(page: Page): Promise<{ id: string; y: number }> {
  return scroller(page).evaluate((element) => {
    const top = element.getBoundingClientRect().top;
    const row = [...element.querySelectorAll('[data-message-id]')].find((candidate) => candidate.getBoundingClientRect().bottom > top + 1);
    if (!row) throw new Error('no message in view');
    return { id: row.getAttribute('data-message-id')!, y: row.getBoundingClientRect().top };
  });
}

/** Where the message `id` is on screen now. */
function rowTop(page: Page, id: string): Promise<number> {
  return page.locator(`[data-message-id="${id}"]`).evaluate((row) => row.getBoundingClientRect().top);
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
    const chatId = await importLongChat(page, userName, MESSAGES, line);

    // Opened, the newest message is on screen: inside the scroller's visible area.
    await page.goto(`/recent-chat?chat=${chatId}`);
    const newest = chatLog(page).getByText(line(MESSAGES - 1), { exact: true });
    await newest.waitFor();
    await expect.poll(() => inView(page, newest)).toBe(true);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).count()).toBe(0);
    expect(await seriousViolations(page), `long chat (${size})`).toEqual([]);
    await screenshot(page, `chat-scroll-opened-${size}`);

    // Reaching the top reads the messages before by itself: the message being read stays where it was.
    const oldest = () => chatLog(page).locator('[data-message-id]').first().getAttribute('data-seq').then(Number);
    const loadedFrom = await oldest();
    await scroller(page).evaluate((element) => element.scrollTo({ top: 0 }));
    const reading = await messageAtTop(page);
    await expect.poll(oldest).toBeLessThan(loadedFrom);
    await expect.poll(async () => Math.abs((await rowTop(page, reading.id)) - reading.y)).toBeLessThanOrEqual(2);
    expect(await page.getByRole('button', { name: 'Jump to latest' }).isVisible()).toBe(true);

    // 'Load More History (10)' does the same from the keyboard, and holds the place too.
    const loadMore = page.getByRole('button', { name: 'Load More History (10)' });
    await loadMore.focus();
    const beforeKey = await messageAtTop(page);
    const rows = await chatLog(page).locator('[data-message-id]').count();
    await page.keyboard.press('Enter');
    await expect.poll(() => chatLog(page).locator('[data-message-id]').count()).toBeGreaterThan(rows);
    await expect.poll(async () => Math.abs((await rowTop(page, beforeKey.id)) - beforeKey.y)).toBeLessThanOrEqual(2);

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
