import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  backOnline,
  chatLog,
  fakeReplyTo,
  FIRST_CHARACTER,
  newPage,
  openOffline,
  screenshot,
  sendInChat,
  signUpAndChat,
  storedMessages,
} from './browser';
import { horizontalOverflow } from './page-checks';

/** The top bar's note while the device is offline (docs/PRODUCT.md, Session and offline). */
const OFFLINE_BANNER = /You['’]re offline — messages will be sent when you['’]re back online/;
const WAITING = 'Waiting to send';

/** The offline note of the connectivity line (a status region under the top bar, or over the conversation). */
const banner = (page: Page) => page.getByRole('status').getByText(OFFLINE_BANNER);
/** The chat bubble (an article in the log) that shows `text`. */
const bubble = (page: Page, text: string) => chatLog(page).getByRole('article').filter({ hasText: text });

/** True once the first card portrait on the page has really loaded (not the default avatar). */
function portraitLoaded(page: Page): Promise<boolean> {
  return page
    .locator('article img[srcset]')
    .first()
    .evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0 && !img.currentSrc.includes('default-avatar'));
}

/**
 * With the network off (after one online visit): the gallery with a loaded portrait, /terms and the
 * chat's messages all open, and the top bar says the device is offline. Phone runs also check that
 * nothing scrolls sideways.
 */
async function readOffline(page: Page, chatId: string, said: string, label: string): Promise<void> {
  const phone = (page.viewportSize()?.width ?? 1000) < 600;
  await page.context().setOffline(true);
  await openOffline(page, () => page.reload());
  await chatLog(page).getByText(said, { exact: true }).waitFor();
  await chatLog(page).getByText(fakeReplyTo(said), { exact: true }).waitFor();
  await banner(page).waitFor();
  if (phone) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, `offline-chat-${label}`);

  await openOffline(page, () => page.goto('/'));
  await page.getByRole('heading', { name: FIRST_CHARACTER }).waitFor();
  await expect.poll(() => portraitLoaded(page)).toBe(true);
  await banner(page).waitFor();
  if (phone) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
  await screenshot(page, `offline-gallery-${label}`);

  await openOffline(page, () => page.goto('/terms'));
  await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
  await banner(page).waitFor();
  if (phone) expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

  await openOffline(page, () => page.goto(`/recent-chat?chat=${chatId}`));
  await chatLog(page).getByText(said, { exact: true }).waitFor();
}

describe('offline first', () => {
  it('shows the gallery with its images, a legal page and a chat offline, under the offline banner', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const said = 'Tell me about the harbour';
    const chatId = await signUpAndChat(page, 'Offline Reader', said);
    // The banner belongs to the offline state only.
    expect(await banner(page).count()).toBe(0);
    await readOffline(page, chatId, said, 'desktop');
    await backOnline(page);
    await banner(page).waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('reads offline on a phone without sideways scrolling', async () => {
    const page = await newPage({ phone: true });
    const said = 'Hello from a phone';
    const chatId = await signUpAndChat(page, 'Offline Phone', said);
    await readOffline(page, chatId, said, 'phone');
    await page.context().close();
  });

  it('keeps messages written offline waiting across a reload, then sends each once, in order', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    const chatId = await signUpAndChat(page, 'Offline Writer', 'Before the tunnel');
    const texts = ['First from the tunnel', 'Second from the tunnel', 'Third from the tunnel'];

    await page.context().setOffline(true);
    await banner(page).waitFor();
    for (const text of texts) {
      await sendInChat(page, text);
      await bubble(page, text).getByText(WAITING).waitFor();
    }
    expect(await chatLog(page).getByText(WAITING).count()).toBe(3);
    await page.getByRole('status').getByText('3 messages waiting').waitFor();
    await screenshot(page, 'offline-waiting-desktop');

    await openOffline(page, () => page.reload());
    for (const text of texts) await bubble(page, text).getByText(WAITING).waitFor();
    expect(await chatLog(page).getByText(WAITING).count()).toBe(3);
    await banner(page).waitFor();

    await backOnline(page);
    for (const text of texts) await chatLog(page).getByText(fakeReplyTo(text), { exact: true }).waitFor();
    await expect.poll(() => chatLog(page).getByText(WAITING).count()).toBe(0);
    await banner(page).waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .getByText(/messages? waiting/)
      .waitFor({ state: 'detached' });
    // On screen in the order written, each once.
    const onScreen = await chatLog(page).getByRole('article').allInnerTexts();
    const positions = texts.map((text) => onScreen.findIndex((t) => t.includes(text) && !t.includes('You said')));
    expect(positions.every((p, i) => p >= 0 && (i === 0 || p > positions[i - 1]!))).toBe(true);
    for (const text of texts) expect(await chatLog(page).getByText(text, { exact: true }).count()).toBe(1);

    // The server stored each message exactly once, in order, each followed by its reply (the last
    // reply is on screen a moment before the server has stored it, hence the poll).
    const expected = texts.flatMap((text) => [
      ['user', text],
      ['assistant', fakeReplyTo(text)],
    ]);
    await expect.poll(async () => (await storedMessages(page, chatId)).slice(-6)).toEqual(expected);
    const stored = await storedMessages(page, chatId);
    for (const text of texts) {
      expect(
        stored.filter(([role, content]) => role === 'user' && content === text),
        `'${text}' stored once`,
      ).toHaveLength(1);
    }

    await page.reload();
    for (const text of texts) await chatLog(page).getByText(fakeReplyTo(text), { exact: true }).waitFor();
    expect(await chatLog(page).getByText(WAITING).count()).toBe(0);
    await page.context().close();
  });
});
