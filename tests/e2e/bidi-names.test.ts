/**
 * A card name holding a right-to-left override (U+202E) reordered the text after
 * it on the same line ("Are you sure you want to delete …" read backwards past the name). Every place
 * that shows the name keeps it isolated: its element holds the name alone and isolates it (<bdi>, or
 * unicode-bidi: isolate), so nothing around it can be reordered.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testCardPng } from '../support/cards';
import { newPage, pageToken, screenshot, signUpFromRecentChat, uniqueEmail, uploadCard } from './browser';

const NAME = 'Kira\u202E!olleh';

/** Where the page shows text holding the override without isolating it; and how many places show it. */
function isolation(page: Page): Promise<{ shown: number; leaking: string[] }> {
  return page.evaluate(() => {
    const leaking: string[] = [];
    let shown = 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = (node as Text).data;
      if (!text.includes('\u202E')) continue;
      const parent = node.parentElement!;
      if (parent.closest('[hidden], .sr-only') || parent.getClientRects().length === 0) continue;
      shown += 1;
      const isolated = parent.localName === 'bdi' || getComputedStyle(parent).unicodeBidi === 'isolate';
      if (!isolated || parent.textContent !== text) leaking.push(parent.outerHTML.slice(0, 160));
    }
    return { shown, leaking };
  });
}

describe('a card name with a right-to-left override', () => {
  it('is isolated wherever the app shows it: the collection, its delete question and the chat', async () => {
    const page = await newPage({ phone: true });
    await signUpFromRecentChat(page, { name: 'Bidi Tester', email: uniqueEmail('bidi'), password: 'isolate-every-name-7' });
    const card = await uploadCard(page, testCardPng({ name: NAME, tags: ['Spoof'] }), 'kira.png');

    await page.goto('/collections');
    await page.getByRole('article').first().waitFor();
    expect(await isolation(page)).toMatchObject({ leaking: [] });
    expect((await isolation(page)).shown).toBeGreaterThan(0);
    await page.getByRole('button', { name: /^Delete Kira/ }).click();
    const question = page.getByRole('dialog', { name: 'Delete Character' });
    await question.waitFor();
    expect(await question.locator('bdi').innerText()).toBe(NAME);
    expect(await isolation(page)).toMatchObject({ leaking: [] });
    await screenshot(page, 'bidi-delete-question-phone');
    await question.getByRole('button', { name: 'Cancel' }).click();

    const chatId = randomUUID();
    const token = await pageToken(page);
    const status = await page.evaluate(
      async ({ chatId, card, token }) =>
        (
          await fetch('/api/chat/completions', {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': crypto.randomUUID() },
            body: JSON.stringify({ chat_id: chatId, character_id: card, messages: [{ role: 'user', content: 'Hi there' }], stream: false }),
          })
        ).status,
      { chatId, card, token },
    );
    expect(status).toBe(200);
    await page.goto(`/recent-chat?chat=${chatId}`);
    await page.getByText('Hi there', { exact: true }).waitFor();
    const inChat = await isolation(page);
    expect(inChat.leaking).toEqual([]);
    expect(inChat.shown).toBeGreaterThan(1);
    await screenshot(page, 'bidi-chat-phone');
    await page.context().close();
  });
});
