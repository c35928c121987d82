/**
 * In Chromium at 390×844 and 1280×900: a normal send raises no alarm (the
 * 'message waiting' count never appears while the reply comes at once), and when the line does
 * appear (offline, a message that really waits) nothing on the page moves: no layout shift, and the
 * chat's own header keeps its place and stays uncovered.
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

/**
 * From now on, records in the page every text a status region shows and every layout shift of the
 * top bar or the chat window, with whether it came right after the user's input (which CLS excuses).
 */
async function watch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    const shifts: Array<{ value: number; input: boolean }> = [];
    const watched = () => [...document.querySelectorAll('#root header, section[aria-label="Chat window"]')];
    const record = () => {
      for (const status of document.querySelectorAll('[role="status"]')) if (status.textContent) seen.push(status.textContent);
    };
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{
        value: number;
        hadRecentInput: boolean;
        sources: Array<{ node?: Node }>;
      }>) {
        const ours = entry.sources.some((source) => source.node && watched().some((area) => area.contains(source.node!)));
        if (ours) shifts.push({ value: entry.value, input: entry.hadRecentInput });
      }
    }).observe({ type: 'layout-shift' });
    Object.assign(window, { __seen: seen, __shifts: shifts });
  });
}

const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen.slice());
/** The layout shifts so far: all of them, or as CLS counts them (none within 500 ms of input). */
const shifted = (page: Page, { inputToo }: { inputToo: boolean }) =>
  page.evaluate(
    (all) =>
      (window as unknown as { __shifts: Array<{ value: number; input: boolean }> }).__shifts
        .filter((shift) => all || !shift.input)
        .reduce((sum, shift) => sum + shift.value, 0),
    inputToo,
  );
const box = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())!;

describe('the waiting count', () => {
  for (const phone of [true, false]) {
    const label = phone ? 'phone' : 'desktop';
    it(`stays away on a normal send and never moves the page when it shows (${label})`, async () => {
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

      // Offline: the line appears, with no input at all: nothing on the page moves.
      const header = await box(page, 'section[aria-label="Chat window"] header');
      // The conversation's scrolling area (the log inside it, and the content around the log, grow as
      // messages arrive; the scroller's own box must not move).
      const conversation = page.getByRole('log').locator('xpath=../..');
      const scroller = (await conversation.boundingBox())!;
      const before = await shifted(page, { inputToo: true });
      await page.context().setOffline(true);
      const line = page.getByRole('status').filter({ hasText: OFFLINE_BANNER });
      await line.waitFor();
      expect(await shifted(page, { inputToo: true })).toBe(before);

      // A message that really waits: the count joins the line; the chat's header and conversation
      // stay where they were (the composer's own counter and buttons change as the user sends).
      const cls = await shifted(page, { inputToo: false });
      // Typed as a person types (fill() is not input to CLS, so the composer's counter would count).
      await page.getByPlaceholder('Type a message').pressSequentially('Are you still there?');
      await page.getByPlaceholder('Type a message').press('Enter');
      await line.getByText('1 message waiting').waitFor();
      expect(await shifted(page, { inputToo: false })).toBe(cls);
      expect(await box(page, 'section[aria-label="Chat window"] header')).toEqual(header);
      expect(await conversation.boundingBox()).toEqual(scroller);
      const floating = (await line.boundingBox())!;
      expect(floating.y).toBeGreaterThanOrEqual(header.y + header.height);
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
