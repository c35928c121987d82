/**
 * The first hour, as a new user walks it, on a phone (390×844) and a desktop (1280×900):
 * bring a card and chat with it, open the gallery's cards by any part of them, meet the signed-out
 * pages, and never lose a card to a stray Enter. axe-core checks every screen on the way.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_CHARACTERS } from '../../server/seed/characters';
import { testCardPng } from '../support/cards';
import { chatLog, fakeReplyTo, homeWithSeededCards, newPage, screenshot, sendInChat, signUp, uniqueEmail } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

const SIZES = [
  ['phone', { phone: true }],
  ['desktop', { phone: false }],
] as const;

async function pageOf(phone: boolean): Promise<Page> {
  const page = await newPage({ phone });
  if (!phone) await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

/** No serious or critical axe finding, and nothing scrolls sideways. */
async function checkScreen(page: Page, what: string): Promise<void> {
  expect(await seriousViolations(page), what).toEqual([]);
  expect(await horizontalOverflow(page), what).toBeLessThanOrEqual(0);
}

/**
 * A side panel's content, opened first where it starts closed (a phone, a narrow window). On a phone
 * the list is the page while no chat is open, and an open chat's way to it is Back to chats.
 */
async function openPanel(page: Page, what: 'chat history' | 'character panel'): Promise<void> {
  // The header's toggle (the panel's own close button, when open, comes after it).
  const back = what === 'chat history' ? '|^Back to chats$' : '';
  const toggle = page.getByRole('button', { name: new RegExp(`^(Show|Hide) ${what}$${back}`) }).first();
  const list = page.getByRole('heading', { name: 'Select a history' });
  await (what === 'chat history' ? toggle.or(list).first() : toggle).waitFor();
  if (what === 'chat history' && (await list.isVisible())) return;
  if ((await toggle.getAttribute('aria-label')) === 'Back to chats') await toggle.click();
  else if ((await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** The element the keyboard is on: its text and whether it is inside `scope`. */
function focusedIn(scope: Locator): Promise<string | null> {
  return scope.evaluate((element) => (element.contains(document.activeElement) ? document.activeElement!.textContent : null));
}

/** What a theme colour (a custom property) computes to, as getComputedStyle reports colours. */
function themeColor(page: Page, property: string): Promise<string> {
  return page.evaluate((name) => {
    const probe = document.createElement('span');
    probe.style.color = `var(${name})`;
    document.body.append(probe);
    const value = getComputedStyle(probe).color;
    probe.remove();
    return value;
  }, property);
}

const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36).slice(-4)}`;

describe.each(SIZES)('the first hour on a %s', (size, { phone }) => {
  it('brings a card, chats with it from Upload and from Collections, finds the chat in the history, exports it, and never deletes on a stray Enter', async () => {
    const page = await pageOf(phone);
    const name = uniqueName('Lamplighter');
    await page.goto('/collections');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signUp(page, { name: `Newcomer ${size}`, email: uniqueEmail('first-hour'), password: 'first-hour-walk-42' });
    await page.getByText('No Collections Yet').waitFor();

    // Upload through the form; its success offers the chat straight away.
    await page.goto('/create');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'first-hour-')), 'card.png');
    fs.writeFileSync(
      file,
      testCardPng({
        name,
        first_mes: 'Evening, {{user}}. Mind the wick.',
        tags: ['cozy', 'night', 'lamps', 'city', 'quiet', 'kind', 'old'],
      }),
    );
    await page.locator('input[type="file"]').setInputFiles(file);
    await page.getByLabel('I accept the privacy requirements').check();
    await page.getByLabel('I confirm I am 18 or older').check();
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const startChatting = page.getByRole('button', { name: 'Start chatting' });
    await startChatting.waitFor();
    await checkScreen(page, `upload success (${size})`);
    await startChatting.click();
    await page.waitForURL((url) => url.pathname === '/recent-chat' && url.searchParams.has('chat'));
    await page.getByRole('heading', { level: 2, name }).waitFor();
    await chatLog(page).getByText('Evening, Newcomer').waitFor();

    // Collections: the card shows 5 tags and '+2', and its Chat button opens the chat.
    await page.goto('/collections');
    const tile = page.getByRole('article', { name });
    await tile.waitFor();
    const tags = tile.getByRole('list', { name: 'Tags' });
    expect(await tags.getByRole('listitem').allInnerTexts()).toEqual(['cozy', 'night', 'lamps', 'city', 'quiet', '+2']);
    await checkScreen(page, `collections (${size})`);
    await screenshot(page, `first-hour-collections-${size}`);
    // Its Chat action is a button of its own, and a tap anywhere else on the card (its picture) opens the chat too.
    await tile.getByRole('button', { name: `Chat with ${name}` }).waitFor();
    await tile.locator('img').scrollIntoViewIfNeeded();
    const picture = (await tile.locator('img').boundingBox())!;
    await page.mouse.click(picture.x + picture.width / 2, picture.y + picture.height / 2);
    await page.waitForURL((url) => url.pathname === '/recent-chat' && url.searchParams.has('chat'));
    const words = 'Could you light the lamp by the bridge?';
    await sendInChat(page, words);
    await chatLog(page).getByText(fakeReplyTo(words), { exact: true }).waitFor();

    // The chat is in the history under the card's name, with its three messages.
    await openPanel(page, 'chat history');
    const listed = page.getByRole('list', { name: 'Recent chats' }).getByRole('button', { name: new RegExp(`^${name}`) });
    await expect.poll(() => listed.textContent(), { timeout: 30_000 }).toContain('Messages: 3');
    // Beside the chat, it is marked as the open one; on a phone the list is the page, and the chat opens from it.
    if (phone) await listed.click();
    else expect(await listed.getAttribute('aria-current')).toBe('true');

    // The character panel knows the card is private: its favorite button is disabled, and looks it.
    await openPanel(page, 'character panel');
    const privateButton = page.getByRole('button', { name: "Private cards don't need favorites" });
    await privateButton.waitFor();
    expect(await privateButton.isDisabled()).toBe(true);
    await checkScreen(page, `private chat (${size})`);
    await screenshot(page, `first-hour-private-chat-${size}`);
    expect(await privateButton.evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      await themeColor(page, '--color-surface-2'),
    );
    expect(await privateButton.evaluate((element) => getComputedStyle(element).color)).toBe(await themeColor(page, '--color-text-muted'));
    await page.keyboard.press('Escape');

    // Export works for a private card: the chat's JSONL and the card's PNG.
    await page.getByRole('button', { name: 'Chat actions' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export chat' }).click()]);
    const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
    const jsonl = Object.keys(files).find((entry) => entry.endsWith('.jsonl'))!;
    expect(new TextDecoder().decode(files[jsonl])).toContain(words);
    expect(Object.keys(files).some((entry) => entry.endsWith('.png'))).toBe(true);

    // Deleting the card asks twice; each question has Cancel focused, so Enter keeps everything.
    await page.goto('/collections');
    await tile.getByRole('button', { name: `Delete ${name}` }).click();
    const first = page.getByRole('dialog', { name: 'Delete Character' });
    await first.waitFor();
    expect(await focusedIn(first)).toBe('Cancel');
    await first.getByRole('button', { name: 'Delete', exact: true }).click();
    const finalWarning = page.getByRole('dialog', { name: 'Final Warning' });
    await finalWarning.waitFor();
    expect(await focusedIn(finalWarning)).toBe('Cancel');
    await checkScreen(page, `final warning (${size})`);
    await screenshot(page, `first-hour-final-warning-${size}`);
    await page.keyboard.press('Enter');
    await finalWarning.waitFor({ state: 'hidden' });
    await page.reload();
    await tile.waitFor();

    // Asked on purpose, it goes with its chat.
    await tile.getByRole('button', { name: `Delete ${name}` }).click();
    await first.getByRole('button', { name: 'Delete', exact: true }).click();
    await finalWarning.getByRole('button', { name: 'Delete Everything' }).click();
    await tile.waitFor({ state: 'detached' });
    await page.goto('/recent-chat');
    await openPanel(page, 'chat history');
    await page.getByRole('region', { name: 'Select a history' }).getByText('No chat records found').waitFor();
    await page.context().close();
  });

  it("opens a gallery card's chat from its name and from its description; its actions stay separate and reachable by keyboard; tiles are one height", async () => {
    const page = await pageOf(phone);
    await homeWithSeededCards(page);
    const [first, second] = SEED_CHARACTERS;
    const tile = page.getByRole('article', { name: first!.name });
    await checkScreen(page, `home (${size})`);

    const heights = await page
      .locator('article')
      .evaluateAll((tiles) => tiles.map((element) => Math.round(element.getBoundingClientRect().height)));
    expect(new Set(heights).size).toBe(1);
    // Whole tags, as many as fit on the tile's one line, then the count of the rest.
    const chips = tile.getByRole('list', { name: 'Tags' }).getByRole('listitem');
    const cut = await chips.evaluateAll((items) => items.filter((item) => item.scrollWidth > item.clientWidth + 1).length);
    expect(cut).toBe(0);
    expect(await chips.last().innerText()).toMatch(/^\+\d+$/);

    // The actions are their own buttons, one Tab after the tile's.
    await tile.getByRole('button', { name: `Chat with ${first!.name}` }).focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`View ${first!.name}`);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: first!.name }).waitFor();
    await page.keyboard.press('Escape');
    expect(new URL(page.url()).pathname).toBe('/');

    // Its name opens its chat; signed out, the chat asks to log in first and then opens it.
    await tile.getByRole('heading', { name: first!.name }).click();
    await page.waitForURL((url) => url.pathname === '/recent-chat');
    await page.getByText('User not authenticated. Please log in to view chat records.').waitFor();
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await signUp(page, { name: `Browser ${size}`, email: uniqueEmail('gallery-click'), password: 'click-anywhere-42' });
    await page.getByRole('heading', { level: 2, name: first!.name }).waitFor();

    // Its description opens it too: a click where a person would tap, not on a button of its own.
    await page.goto('/');
    const description = page.getByRole('article', { name: second!.name }).locator('p').first();
    await description.scrollIntoViewIfNeeded();
    const box = (await description.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.waitForURL((url) => url.pathname === '/recent-chat' && url.searchParams.has('chat'));
    await page.getByRole('heading', { level: 2, name: second!.name }).waitFor();
    await page.getByPlaceholder('Type a message').waitFor();

    // A new chat is listed, so the history beside it never says it has none (a phone shows one or the other).
    if (!phone) {
      await openPanel(page, 'chat history');
      const history = page.getByRole('region', { name: 'Select a history' });
      await history.getByRole('button', { name: new RegExp(`^${second!.name}.*New chat`) }).waitFor();
      expect(await history.getByText('No chat records found').count()).toBe(0);
    }
    await page.context().close();
  });

  it("shows signed-out visitors of /collections and /favorites their pages' signed-out texts with a way to sign in, and a visitor's Pricing has no current plan", async () => {
    const page = await pageOf(phone);
    await page.goto('/collections');
    await page.getByText('Authentication Required').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/collections');
    await checkScreen(page, `collections signed out (${size})`);
    await screenshot(page, `first-hour-collections-signed-out-${size}`);

    await page.goto('/favorites');
    await page.getByText('Please log in to view your favorites').waitFor();
    expect(new URL(page.url()).pathname).toBe('/favorites');
    await checkScreen(page, `favorites signed out (${size})`);

    await page.goto('/pricing');
    await page.getByRole('heading', { level: 1, name: 'Plans' }).waitFor();
    expect(await page.getByText(/current plan/i).count()).toBe(0);
    await page.getByRole('button', { name: 'Upgrade to Monthly' }).click();
    await page.getByText("Upgrades aren't available on this server yet.").waitFor();
    expect(await page.locator('main').innerText()).not.toMatch(/npm|set-plan/);
    await checkScreen(page, `pricing signed out (${size})`);

    // Signing in from the prompt comes back to the page it was on.
    await page.goto('/favorites');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signUp(page, { name: `Visitor ${size}`, email: uniqueEmail('signed-out'), password: 'come-back-here-42' });
    await page.getByText('No favorites yet').waitFor();
    expect(new URL(page.url()).pathname).toBe('/favorites');
    await page.context().close();
  });
});

describe('the chat on a phone', () => {
  it('leaves the screen to the conversation: the header and the demo notice take at most 120 px of 844', async () => {
    const page = await newPage({ phone: true });
    // This e2e server talks to a fake OpenAI service; the demo's notice shows when the server says 'demo'.
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), ai: 'demo' } });
    });
    await page.goto('/recent-chat');
    await page.getByRole('button', { name: 'Go to Login' }).click();
    await signUp(page, { name: 'Small Screen', email: uniqueEmail('phone-header'), password: 'small-screens-42' });
    await page.getByText('Select a history', { exact: true }).waitFor({ state: 'attached' });
    await page.goto('/');
    await page
      .getByRole('button', { name: /^Chat with / })
      .first()
      .click();
    await page.getByPlaceholder('Type a message').waitFor();
    const notice = page.getByRole('note');
    await notice.waitFor();
    const header = page.getByRole('region', { name: 'Chat window' }).locator('header');
    const top = (await header.boundingBox())!;
    const bottom = (await notice.boundingBox())!;
    expect(bottom.y + bottom.height - top.y).toBeLessThanOrEqual(120);
    // One row: every tool is on the line of the title, each still a full touch target.
    for (const name of ['Back to chats', 'New chat', 'Import', 'Chat actions', 'Show character panel']) {
      const box = (await header.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(box.y, name).toBeLessThan(top.y + 8);
      expect(Math.min(box.width, box.height), name).toBeGreaterThanOrEqual(44);
    }
    await checkScreen(page, 'chat with the demo notice (phone)');
    await screenshot(page, 'first-hour-chat-header-phone');
    await page.context().close();
  });
});

describe('the collapsed sidebar', () => {
  it('keeps every link reachable: Install app and Anti-Slavery Policy too, as icons with names', async () => {
    const page = await pageOf(false);
    await page.goto('/');
    await page.getByRole('heading', { name: 'Find your next character' }).waitFor();
    // Chromium offers installation only to installable, non-incognito pages: the offer is simulated.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => undefined,
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: '' }),
      });
      window.dispatchEvent(offer);
    });
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    const sidebar = page.getByRole('navigation', { name: 'Main' });
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBeLessThanOrEqual(64);
    const width = (await sidebar.boundingBox())!;
    for (const item of [
      sidebar.getByRole('link', { name: 'Home', exact: true }),
      sidebar.getByRole('link', { name: 'Privacy', exact: true }),
      sidebar.getByRole('button', { name: 'Install app' }),
      sidebar.getByRole('link', { name: 'Anti-Slavery Policy' }),
    ]) {
      const box = await item.boundingBox();
      expect(box, await item.evaluate((element) => element.outerHTML.slice(0, 80))).not.toBeNull();
      expect(box!.x + box!.width).toBeLessThanOrEqual(width.x + width.width);
      expect(Math.min(box!.width, box!.height)).toBeGreaterThanOrEqual(36);
    }
    expect(await sidebar.getByRole('link', { name: 'Anti-Slavery Policy' }).getAttribute('title')).toBe('Anti-Slavery Policy');
    await checkScreen(page, 'collapsed sidebar');
    await screenshot(page, 'first-hour-collapsed-sidebar-desktop');
    await sidebar.getByRole('link', { name: 'Anti-Slavery Policy' }).click();
    await page.getByRole('heading', { level: 1, name: 'Anti-Slavery Policy' }).waitFor();
    await page.context().close();
  });
});
