/**
 * A card's macros as a person meets them: the greeting shown before the first message is filled
 * ({{pick}}, {{random}}, {{roll}}, names; the author's {{// notes}} gone), and it is the very text
 * the server stores and shows again after a reload; and the editor lists and previews them beside
 * the lorebook's activation options.
 */
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testCardPng } from '../support/cards';
import {
  chatLog,
  fakeReplyTo,
  newPage,
  screenshot,
  sendInChat,
  signUp,
  signUpFromRecentChat,
  storedMessages,
  uniqueEmail,
  uploadCard,
} from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

const NAME = `Oracle ${Date.now().toString(36)}`;
const GREETING =
  '{{// Author: the omen should differ per chat, and stay put within one.}}{{char}} turns a card: {{pick::The Tower::The Star::The Moon::The Fool::The Sun}}, {{user}}. {{random::Rain::Wind::Frost}} follows, and the dice say {{roll:d20}}.';
const FILLED = new RegExp(
  `^${NAME} turns a card: The (Tower|Star|Moon|Fool|Sun), Macro Reader\\. (Rain|Wind|Frost) follows, and the dice say \\d+\\.$`,
);

const greetingText = async (page: Page) =>
  (await chatLog(page).getByRole('article', { name: NAME }).first().locator('p').nth(1).innerText()).trim();

describe("a card's macros", () => {
  it('show a {{pick}} greeting filled before the first message, and the same text after it and after a reload (phone)', async () => {
    const page = await newPage({ phone: true });
    await signUpFromRecentChat(page, { name: 'Macro Reader', email: uniqueEmail('macros'), password: 'omens-and-portents-42' });
    await uploadCard(page, testCardPng({ name: NAME, first_mes: GREETING }), 'oracle.png');
    await page.goto('/collections');
    await page.getByRole('button', { name: `Chat with ${NAME}` }).click();
    await page.waitForURL((url) => url.pathname === '/recent-chat' && url.searchParams.has('chat'));
    const chatId = new URL(page.url()).searchParams.get('chat')!;

    await chatLog(page).getByRole('article', { name: NAME }).first().waitFor();
    const shown = await greetingText(page);
    expect(shown).toMatch(FILLED);
    await screenshot(page, 'macro-greeting-phone');

    await sendInChat(page, 'What does it mean?');
    await chatLog(page).getByText(fakeReplyTo('What does it mean?'), { exact: true }).waitFor();
    expect((await storedMessages(page, chatId))[0]).toEqual(['assistant', shown]);

    await page.reload();
    await chatLog(page).getByText(fakeReplyTo('What does it mean?'), { exact: true }).waitFor();
    expect(await greetingText(page)).toBe(shown);
    await page.context().close();
  });

  it("are listed and previewed in the editor, beside the lorebook's activation options (desktop, axe)", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/create?tab=character');
    await signUp(page, { name: 'Card Author', email: uniqueEmail('macro-editor'), password: 'write-macros-well-42' });
    await page.getByRole('heading', { name: 'Create a Character' }).waitFor();
    await page.getByLabel('Name (required)', { exact: true }).fill('Sybil');
    await page.getByLabel('Description', { exact: true }).fill('{{char}} reads omens for {{user}}. Today: {{pick::storm::calm}}. {{mood}}');
    const macros = page.locator('#character-description-macros');
    await macros.getByText('{{pick}}').waitFor();
    expect(await macros.innerText()).toContain('not a macro cardchat knows');
    await macros.getByText('Preview with macros filled').click();
    await macros.getByText(/^Sybil reads omens for Card Author\. Today: (storm|calm)\. \{\{mood\}\}$/).waitFor();

    await page.getByLabel("Character's note", { exact: true }).fill('{{char}} never lies.');
    await page.getByRole('button', { name: 'Add an entry' }).click();
    const keys = page.getByLabel('Keys', { exact: true });
    await keys.fill('/(?=omen)/');
    await keys.press('Enter');
    await page.getByLabel('Content', { exact: true }).fill('Omens come in threes.');
    await page.getByText(/The key \/\(\?=omen\)\/ is not a pattern cardchat can run/).waitFor();
    await page.getByText('When and where it goes in').click();
    await page.getByLabel('Whole words only').uncheck();
    await page.getByLabel('Chance (%)').fill('50');
    await page.getByLabel('Position').selectOption({ label: 'In the chat, at a depth' });
    await page.getByLabel('Depth', { exact: true }).last().fill('1');
    await page.getByLabel('Said as').last().selectOption({ label: 'The character' });
    expect(await horizontalOverflow(page)).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'editor-macros-lore-options');

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'JSON (V3)' }).click()]);
    const card = JSON.parse(fs.readFileSync((await download.path())!, 'utf8'));
    expect(card.data.extensions.depth_prompt).toEqual({ prompt: '{{char}} never lies.', depth: 4, role: 'system' });
    expect(card.data.character_book.entries[0].extensions).toMatchObject({
      position: 4,
      depth: 1,
      role: 2,
      match_whole_words: false,
      probability: 50,
      useProbability: true,
    });
    await page.context().close();
  });
});
