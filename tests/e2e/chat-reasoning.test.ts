/**
 * A thinking model on a phone (390×844): its reasoning streams into an open 'Thinking…' block above
 * the reply, which folds into 'Thought for N s' once the reply starts, opens on a tap, and is still
 * there after a reload, as the server stored it (never part of the reply's text).
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
  uniqueEmail,
} from './browser';
import { seriousViolations } from './page-checks';

const REASONING = 'The user asks about the weather. I cannot look outside, so I will say so kindly and suggest a window.';
const REPLY = 'I cannot see the sky from here, but a window will tell you.';

const streaming = (page: Page) => page.locator('[role="log"] [aria-busy="true"]');
const thoughts = (page: Page) => chatLog(page).locator('details');

describe('a reply with reasoning on a phone', () => {
  it('streams the reasoning open, folds it when the reply starts, and keeps it after a reload', async () => {
    const page = await newPage({ phone: true });
    await signUpFromRecentChat(page, { name: 'Thinker', email: uniqueEmail('think'), password: 'think-it-through-42' });
    await openFirstCharacterChat(page);

    await nextAiReply({ kind: 'reply', reasoning: REASONING, text: REPLY, chunkDelayMs: 120 });
    await sendInChat(page, 'What is the weather like?');
    const thinking = streaming(page).locator('details', { hasText: 'Thinking…' });
    await thinking.getByText(/^The user asks/).waitFor();
    expect(await thinking.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(true);
    // Still thinking: the reasoning grows while no reply text is there yet.
    // (a word from the middle, waited on by the locator's own quick polling: the end of the reasoning
    // is on screen for only a few pieces before the reply starts and folds it)
    await thinking.getByText(/cannot look outside/).waitFor();
    await screenshot(page, 'chat-reasoning-thinking-phone');

    await streaming(page).waitFor({ state: 'detached' });
    const folded = thoughts(page).filter({ hasText: /Thought for \d+ s/ });
    await folded.waitFor();
    expect(await folded.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
    await chatLog(page).getByText(REPLY).waitFor();
    expect(await chatLog(page).getByText(REPLY).textContent()).not.toContain('weather');

    await folded.locator('summary').click();
    await folded.getByText(REASONING).waitFor();
    await screenshot(page, 'chat-reasoning-open-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    const again = thoughts(page).filter({ hasText: /Thought for \d+ s/ });
    await again.waitFor();
    expect(await again.evaluate((element) => (element as HTMLDetailsElement).open)).toBe(false);
  });
});
