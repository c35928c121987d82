import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { makePng } from '@core/card/index';
import {
  backOnline,
  chatLog,
  newPage,
  nextAiReply,
  openFirstCharacterChat,
  pageToken,
  screenshot,
  sendInChat,
  signUpFromRecentChat,
  uniqueEmail,
} from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

/** The fake AI answers with the name the prompt's main prompt gives the user, when the persona's description follows it. */
const REPLY_TO_PERSONA = {
  kind: 'reply',
  text: 'Aye, $1, the kettle is on.',
  fromSystem: 'between .+? and (.+?)\\.\\n[\\s\\S]*A starship pilot who calls',
} as const;

/** The composer's persona button, whoever the user is. */
const personaButton = (page: Page) => page.getByRole('button', { name: /in this chat\. Change persona$/ });

/** What the server stored of the chat: who signed each user message and the chat's persona. */
async function storedChat(page: Page, chatId: string): Promise<{ persona: string | null; userNames: string[] }> {
  const token = await pageToken(page);
  return page.evaluate(
    async ({ chatId, token }) => {
      const response = await fetch('/api/chats/get', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ chat_id: chatId, page_size: 50 }),
      });
      const body = (await response.json()) as { chat: { persona_id: string | null }; data: { role: string; name: string }[] };
      return { persona: body.chat.persona_id, userNames: body.data.filter((m) => m.role === 'user').map((m) => m.name) };
    },
    { chatId, token },
  );
}

describe('personas', () => {
  it('are made in Profile, picked in a chat on a phone, and name the user in the greeting and the reply, offline too', async () => {
    const page = await newPage({ phone: true });
    await signUpFromRecentChat(page, { name: 'Robin Vale', email: uniqueEmail('persona'), password: 'persona-parade-42' });

    // Profile: the default is said plainly, then a persona with a picture.
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Personas' });
    await section.getByText('No personas yet.').waitFor();
    expect(await section.textContent()).toContain('characters call you Robin Vale, your profile name');
    await section.getByRole('button', { name: 'New persona' }).click();
    const dialog = page.getByRole('dialog', { name: 'New persona' });
    await dialog.getByLabel('Name').fill('Captain Nova');
    await dialog.getByLabel('Description').fill('A starship pilot who calls {{char}} an old friend.');
    const picture = makePng({ width: 60, height: 40, rgba: new Uint8Array(60 * 40 * 4).fill(200) });
    await dialog.locator('input[type="file"]').setInputFiles({ name: 'nova.png', mimeType: 'image/png', buffer: Buffer.from(picture) });
    // The preview is decorative (alt=""): the name beside it says whose it is.
    await dialog.locator('img').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = section.getByRole('listitem').filter({ hasText: 'Captain Nova' });
    await row.getByText('Not used in any chat').waitFor();
    await expect.poll(() => row.locator('img').count()).toBe(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'personas-profile-phone');
    expect(await seriousViolations(page)).toEqual([]);

    // A new chat: the greeting names the profile until a persona is picked, then the persona.
    const chatId = await openFirstCharacterChat(page);
    const header = await page
      .locator('header')
      .filter({ has: page.getByRole('button', { name: /character panel/ }) })
      .boundingBox();
    await chatLog(page)
      .getByText(/looks Robin Vale up and down/)
      .waitFor();
    await personaButton(page).click();
    const menu = page.getByRole('menu', { name: 'Speak as' });
    expect(await menu.getByRole('menuitemradio', { name: /Robin Vale/ }).getAttribute('aria-checked')).toBe('true');
    await screenshot(page, 'personas-picker-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await menu.getByRole('menuitemradio', { name: 'Captain Nova' }).click();
    await menu.waitFor({ state: 'detached' });
    await chatLog(page)
      .getByText(/looks Captain Nova up and down/)
      .waitFor();
    await page.getByRole('button', { name: 'You are Captain Nova in this chat. Change persona' }).waitFor();
    // The picker sits in the composer: the chat's header is as tall as before.
    expect(
      await page
        .locator('header')
        .filter({ has: page.getByRole('button', { name: /character panel/ }) })
        .boundingBox(),
    ).toEqual(header);

    await nextAiReply(REPLY_TO_PERSONA);
    await sendInChat(page, 'Is the ship ready?');
    await chatLog(page).getByText('Aye, Captain Nova, the kettle is on.').waitFor();
    await chatLog(page).getByRole('article', { name: 'Captain Nova' }).getByText('Is the ship ready?').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await screenshot(page, 'personas-chat-phone');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await storedChat(page, chatId)).toMatchObject({ userNames: ['Captain Nova'] });

    // Offline: back to the profile name; the choice waits on the device and goes with the next message.
    await page.context().setOffline(true);
    await page
      .getByRole('status')
      .getByText(/You['’]re offline/)
      .waitFor();
    await personaButton(page).click();
    await page.getByRole('menuitemradio', { name: /Robin Vale/ }).click();
    await page.getByRole('button', { name: 'You are Robin Vale in this chat. Change persona' }).waitFor();
    await sendInChat(page, 'Who am I now?');
    await chatLog(page).getByText('Waiting to send').waitFor();
    await nextAiReply({ ...REPLY_TO_PERSONA, text: 'Nobody special, $1.', fromSystem: 'between .+? and (.+?)\\.(?:\\n|$)' });
    await backOnline(page);
    await chatLog(page).getByText('Nobody special, Robin Vale.').waitFor();
    await expect.poll(() => storedChat(page, chatId)).toEqual({ persona: null, userNames: ['Captain Nova', 'Robin Vale'] });

    // Deleting a persona its chats use says so first.
    await personaButton(page).click();
    await page.getByRole('menuitemradio', { name: 'Captain Nova' }).click();
    await expect.poll(async () => (await storedChat(page, chatId)).persona).not.toBeNull();
    await page.goto('/profile');
    await section.getByRole('listitem').filter({ hasText: 'Captain Nova' }).getByText('Used in 1 chat').waitFor();
    // The default persona: new chats start as it.
    await section.getByRole('button', { name: 'Edit Captain Nova' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit persona' });
    await edit.getByRole('checkbox', { name: 'Start new chats as this persona' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await edit.waitFor({ state: 'hidden' });
    await section.getByRole('listitem').filter({ hasText: 'Captain Nova' }).getByText('Default for new chats').waitFor();
    await screenshot(page, 'personas-default-phone');
    expect(await seriousViolations(page)).toEqual([]);
    await section.getByRole('button', { name: 'Delete Captain Nova' }).click();
    const ask = page.getByRole('dialog', { name: 'Delete persona' });
    expect(await ask.textContent()).toContain('1 chat speaks as Captain Nova. It will use your profile name, Robin Vale, instead');
    await ask.getByRole('button', { name: 'Delete' }).click();
    await section.getByText('Persona deleted; 1 chat now uses your profile name.').waitFor();
    expect(await storedChat(page, chatId)).toMatchObject({ persona: null });
    await page.context().close();
  });

  it('start a new chat as the default persona, on a desktop screen', async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 900 });
    await signUpFromRecentChat(page, { name: 'Sam Reed', email: uniqueEmail('persona-default'), password: 'persona-parade-42' });
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Personas' });
    await section.getByRole('button', { name: 'New persona' }).click();
    const dialog = page.getByRole('dialog', { name: 'New persona' });
    await dialog.getByLabel('Name').fill('Wren');
    await dialog.getByRole('checkbox', { name: 'Start new chats as this persona' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('listitem').filter({ hasText: 'Wren' }).getByText('Default for new chats').waitFor();

    // The greeting of a chat not stored yet already names the default; the first message keeps it.
    const chatId = await openFirstCharacterChat(page);
    await chatLog(page)
      .getByText(/looks Wren up and down/)
      .waitFor();
    await page.getByRole('button', { name: 'You are Wren in this chat. Change persona' }).click();
    await screenshot(page, 'personas-picker-desktop');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await sendInChat(page, 'Hello there');
    await chatLog(page).getByRole('article', { name: 'Wren' }).getByText('Hello there').waitFor();
    await expect.poll(async () => (await storedChat(page, chatId)).userNames).toEqual(['Wren']);
    await page.context().close();
  });
});
