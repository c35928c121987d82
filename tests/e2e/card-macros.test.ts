/**
 * A card's macros as a person meets them: the greeting shown before the first message is filled
 * ({{pick}}, {{random}}, {{roll}}, names; the author's {{// notes}} gone), and it is the very text
 * the server stores and shows again after a reload.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testCardPng } from '../support/cards';
import {
  chatLog,
  fakeReplyTo,
  newPage,
  screenshot,
  sendInChat,
  signUpFromRecentChat,
  storedMessages,
  uniqueEmail,
  uploadCard,
} from './browser';

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
});
