/**
 * In Chromium at 390×844 and 1280×900: a normal send raises no alarm (the
 * 'message waiting' count never appears while the reply comes at once), and when the line does
 * appear (offline, a message that really waits) the chat's own header keeps its place and stays
 * uncovered, and the line takes its own room above the messages, never covering one.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  backOnline,
  chatLog,
  fakeReplyTo,
  newPage,
  openFirstCharacterChat,
  screenshot,
  sendInChat,
  signUpFromRecentChat,
  uniqueEmail,
} from './browser';
import { seriousViolations } from './page-checks';

const OFFLINE_BANNER = "You're offline — messages will be sent when you're back online";

/** From now on, records in the page every text a status region shows. */
async function watch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const record = () => {
      for (const status of document.querySelectorAll('[role="status"]')) if (status.textContent) seen.push(status.textContent);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    Object.assign(window, { __seen: seen });
  });
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.slice());
const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('the waiting count', () => {
  for (const phone of [true, false]) {
    const label = phone ? 'phone' : 'desktop';
    it(`stays away on a normal send and never covers the messages when it shows (${label})`, async () => {
      const page = await newPage({ phone });
      // The page's clock, moved by the test where the rule is about time (time still flows by itself).
      await page.clock.install();
      if (!phone) await page.setViewportSize({ width: 1280, height: 900 });
      await signUpFromRecentChat(
        page,
        { name: `Calm ${label}`, email: uniqueEmail('calm'), password: 'no-false-alarms-42' },
        { worker: true },
      );
      await openFirstCharacterChat(page);
      await watch(page);

      // A normal send: the reply comes at once, and no line says anything is waiting.
      await sendInChat(page, 'Good morning');
      await chatLog(page).getByText(fakeReplyTo('Good morning'), { exact: true }).waitFor();
      // The count shows a message only once it has waited 2 s: past that, still nothing said it waits.
      await page.clock.fastForward(2_500);
      expect((await seen(page)).filter((text) => /waiting/.test(text))).toEqual([]);

      // Offline: the line appears under the chat's header, which keeps its place, and above the
      // messages: it takes its own room rather than covering what the person reads.
      const header = await box(page, 'section[aria-label="Chat window"] header');
      const conversation = page.getByRole('log').locator('xpath=../..');
      await page.context().setOffline(true);
      const line = page.getByRole('status').filter({ hasText: OFFLINE_BANNER });
      await line.waitFor();
      const clear = async () => {
        const shown = (await line.boundingBox())!;
        expect(shown.y).toBeGreaterThanOrEqual(header.y + header.height);
        expect((await conversation.boundingBox())!.y).toBeGreaterThanOrEqual(shown.y + shown.height);
      };
      await clear();

      // A message that really waits: the count joins the line; still nothing covered.
      // Typed as a person types.
      await page.getByPlaceholder('Type a message').pressSequentially('Are you still there?');
      await page.getByPlaceholder('Type a message').press('Enter');
      await line.getByText('1 message waiting').waitFor();
      expect(await box(page, 'section[aria-label="Chat window"] header')).toEqual(header);
      await clear();
      // The line itself (the conversation's own findings belong to the chat window's tests).
      expect(await seriousViolations(page, '[role="status"]')).toEqual([]);
      await screenshot(page, `waiting-line-${label}`);

      await backOnline(page);
      await chatLog(page).getByText(fakeReplyTo('Are you still there?'), { exact: true }).waitFor();
      await expect
        .poll(() =>
          page
            .getByRole('status')
            .filter({ hasText: /waiting|offline/ })
            .count(),
        )
        .toBe(0);
      await page.context().close();
    });
  }
});
