/**
 * A person's own AI key on a phone (390×844): added in Profile for the one service the server allows,
 * shown again only by its last 4 characters (also after a reload), used for their chat's reply with
 * the model they named, and removed.
 */
import { describe, expect, inject, it } from 'vitest';
import { LAST_PROMPT_PATH } from '../support/fakeOpenAI';
import { chatLog, newPage, openFirstCharacterChat, screenshot, sendInChat, signUpFromRecentChat, uniqueEmail } from './browser';
import { seriousViolations } from './page-checks';

const KEY = 'sk-e2e-own-key-9Z7q';

async function lastAiRequestModel(): Promise<string | undefined> {
  const response = await fetch(new URL(LAST_PROMPT_PATH, inject('fakeLlmControl')));
  return ((await response.json()) as { model?: string } | null)?.model;
}

describe('an own AI key on a phone', () => {
  it('is added in Profile, shown by its last 4 characters, writes the chat with its model, and is removed', async () => {
    const page = await newPage({ phone: true });
    await signUpFromRecentChat(page, { name: 'Keyholder', email: uniqueEmail('ownkey'), password: 'my-own-key-42' });

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your own AI service' });
    await section.getByLabel('Model').fill('my-own-model');
    await section.getByLabel('Your key').fill(KEY);
    await section.getByRole('button', { name: 'Save key' }).click();
    await section.getByText('Key saved.', { exact: false }).waitFor();
    expect(await section.getByText('9Z7q', { exact: true }).count()).toBe(1);
    expect(await section.getByLabel('New key (to replace yours)').inputValue()).toBe('');
    expect(await page.content()).not.toContain(KEY);
    await screenshot(page, 'own-ai-key-phone');
    expect(await seriousViolations(page)).toEqual([]);

    await page.reload();
    await page.getByRole('region', { name: 'Your own AI service' }).getByText('9Z7q', { exact: true }).waitFor();
    expect(await page.content()).not.toContain(KEY);

    await openFirstCharacterChat(page);
    await sendInChat(page, 'Who writes this?');
    await chatLog(page)
      .getByText(/You said: Who writes this\?/)
      .waitFor();
    expect(await lastAiRequestModel()).toBe('my-own-model');

    await page.goto('/profile');
    const again = page.getByRole('region', { name: 'Your own AI service' });
    await again.getByRole('button', { name: 'Remove key' }).click();
    await again.getByText('Key removed.', { exact: false }).waitFor();
    expect(await again.getByText('9Z7q', { exact: true }).count()).toBe(0);
  });
});
