/**
 * Issue 26 on a phone and a desktop: a 2,000-message chat read from its newest message to its first
 * by scrolling alone (never more than 300 message rows in the page), a word searched in the history
 * panel that opens the chat at the message holding it, marked, with its neighbours loaded, and a chat
 * renamed so it stands apart in the list.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chatLog, newPage, screenshot, signUpFromRecentChat, uniqueEmail } from './browser';
import { importLongChat, inView, wheel } from './longChat';
import { seriousViolations } from './page-checks';

const MESSAGES = 2_000;
/** The message holding the word searched for. */
const FOUND = 1_234;
const WORD = 'zeppelin';

function line(i: number): string {
  const words = i === FOUND ? `the ${WORD} drifts over the harbour` : 'the tide comes in over the old stones';
  return `Line ${i}: ${`${words} `.repeat(1 + (i % 3)).trim()}${i % 5 === 0 ? ' **bold** and *softly*' : ''}`;
}

/** The history panel; on a phone, where the open chat has the screen, back to the list first. */
async function historyPanel(page: Page, phone: boolean) {
  if (phone) await page.getByRole('button', { name: 'Back to chats' }).click();
  const panel = page.getByRole('region', { name: 'Select a history' });
  await panel.waitFor();
  return panel;
}

/** Starts counting the most message rows the page holds at once, from now on. */
async function countRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const count = () => document.querySelectorAll('[data-message-id]').length;
    const state = window as unknown as { mostRows: number };
    state.mostRows = count();
    new MutationObserver(() => (state.mostRows = Math.max(state.mostRows, count()))).observe(document.body, {
      childList: true,
      subtree: true,
    });
  });
}

const mostRows = (page: Page) => page.evaluate(() => (window as unknown as { mostRows: number }).mostRows);

describe.each([
  ['phone', true],
  ['desktop', false],
] as const)('a 2,000-message chat on a %s', (size, phone) => {
  it('reads from the newest message to the first by scrolling alone, finds a word, and takes a name', async () => {
    const page = await newPage({ phone });
    if (!phone) await page.setViewportSize({ width: 1280, height: 900 });
    const userName = `Long reader ${size}`;
    await signUpFromRecentChat(page, { name: userName, email: uniqueEmail('long'), password: 'read-it-all-the-way-42' });
    const chatId = await importLongChat(page, userName, MESSAGES, line);

    await page.goto(`/recent-chat?chat=${chatId}`);
    const newest = chatLog(page).getByText(`Line ${MESSAGES - 1}:`);
    await newest.waitFor();
    await expect.poll(() => inView(page, newest)).toBe(true);
    await countRows(page);

    // Scrolling up, and nothing else: every page comes by itself, until the chat's first message.
    const first = chatLog(page).getByText('Line 0:');
    const started = Date.now();
    while (!(await first.isVisible()) || !(await inView(page, first))) {
      if (Date.now() - started > 150_000) throw new Error('the first message never came into view');
      await wheel(page, -2_500);
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }
    expect(await mostRows(page)).toBeLessThanOrEqual(300);
    expect(await page.getByRole('button', { name: 'Load More History (10)' }).count()).toBe(0);
    // Markdown shows as formatting, not as its markers.
    expect(await chatLog(page).getByText('Line 0:').locator('strong').first().textContent()).toBe('bold');
    await screenshot(page, `chat-long-first-message-${size}`);

    // Jump to latest brings back the newest, with the bound still kept.
    await page.getByRole('button', { name: 'Jump to latest' }).click();
    await expect.poll(() => inView(page, newest)).toBe(true);
    expect(await mostRows(page)).toBeLessThanOrEqual(300);

    // A word searched in the history panel opens the chat at the message holding it, marked.
    const panel = await historyPanel(page, phone);
    await panel.getByPlaceholder('Search for a profile...').fill(WORD);
    const hits = panel.getByRole('region', { name: 'Messages found' });
    const hit = hits.getByRole('button').filter({ hasText: `Line ${FOUND}:` });
    await hit.waitFor();
    expect(await hit.locator('mark').first().textContent()).toBe(WORD);
    expect(await seriousViolations(page), `search results (${size})`).toEqual([]);
    await screenshot(page, `chat-long-search-${size}`);
    await hit.click();
    await page.waitForURL((url) => url.searchParams.get('at') !== null);
    const found = chatLog(page).locator('[aria-current="true"]');
    await found.waitFor();
    expect(await found.textContent()).toContain(`Line ${FOUND}:`);
    await expect.poll(() => inView(page, found)).toBe(true);
    // The history around it is there to read both ways.
    await chatLog(page)
      .getByText(`Line ${FOUND - 5}:`)
      .waitFor({ state: 'attached' });
    await chatLog(page)
      .getByText(`Line ${FOUND + 5}:`)
      .waitFor({ state: 'attached' });
    expect(await seriousViolations(page), `found message (${size})`).toEqual([]);
    await screenshot(page, `chat-long-found-${size}`);

    // Named, the chat stands apart in the list and in the header.
    await page.getByRole('button', { name: 'Chat actions' }).click();
    await page.getByRole('menuitem', { name: 'Rename chat' }).click();
    const name = page.getByRole('textbox', { name: 'Name' });
    await name.fill('The long voyage');
    expect(await seriousViolations(page), `rename (${size})`).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'The long voyage' }).waitFor();
    const list = await historyPanel(page, phone);
    await list.getByPlaceholder('Search for a profile...').fill('');
    const listed = list.getByRole('list', { name: 'Recent chats' }).getByRole('button', { name: /The long voyage/ });
    await listed.waitFor();
    expect(await listed.textContent()).toContain(`Line ${MESSAGES - 1}:`);
    await page.context().close();
  });
});
