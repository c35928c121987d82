import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { FOREIGN_CHAT_FILES, foreignChatText } from '../fixtures/ecosystem';
import { newPage, screenshot, signUp, uniqueEmail } from './browser';
import { horizontalOverflow, seriousViolations } from './page-checks';

const fileOf = (kind: keyof typeof FOREIGN_CHAT_FILES) => ({
  name: FOREIGN_CHAT_FILES[kind],
  mimeType: kind === 'risu' || kind === 'agnai' ? 'application/json' : 'application/octet-stream',
  buffer: Buffer.from(foreignChatText(kind)),
});

async function dialogSays(page: Page, title: string): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.waitFor();
  return dialog;
}

/** Picks 'Export …' in the chat menu and answers the download's name and text. */
async function exported(page: Page, item: string): Promise<{ name: string; text: string }> {
  await page.getByRole('button', { name: 'Chat actions' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: item }).click()]);
  return { name: download.suggestedFilename(), text: fs.readFileSync(await download.path()).toString('utf8') };
}

describe('chats from other apps', () => {
  for (const phone of [true, false]) {
    it(`imports a bare group .jsonl and a RisuAI .json at once, shows the hidden message, exports .jsonl and text (${phone ? '390×844' : '1280×900'})`, async () => {
      const page = await newPage({ phone });
      if (!phone) await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto('/recent-chat');
      await page.getByRole('button', { name: 'Go to Login' }).click();
      await signUp(page, { name: 'Rowan', email: uniqueEmail('formats'), password: 'chat-formats-42' });
      await page.getByRole('button', { name: 'Import' }).waitFor();

      await page.getByLabel('Chat files (.zip, .jsonl, .json)').setInputFiles([fileOf('group'), fileOf('risu')]);
      const done = await dialogSays(page, 'Import Successful');
      expect(await done.getByRole('list', { name: 'Imported chats' }).textContent()).toMatch(
        /Pip, Willow: 4 messages.*moth-risuai: 3 messages/,
      );
      expect(await seriousViolations(page)).toEqual([]);
      await done.getByRole('button', { name: 'OK' }).click();

      const toggle = page.getByRole('button', { name: /^(Show chat history|Back to chats)$/ });
      if (await toggle.isVisible()) await toggle.click();
      await page
        .getByRole('list', { name: 'Recent chats' })
        .getByRole('button', { name: /^Pip, Willow/ })
        .click();
      const aside = page.getByRole('article').filter({ hasText: 'An aside the group hid from the model.' });
      await aside.getByText('Hidden from the AI').waitFor();
      await page.getByRole('article', { name: 'Willow' }).getByText('Chamomile, before the fog rolls in.').waitFor();
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `chat-formats-group-${phone ? 'phone' : 'desktop'}`);

      await page.getByRole('button', { name: 'Chat actions' }).click();
      await page.getByRole('menuitem', { name: 'Export as .jsonl' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `chat-formats-export-menu-${phone ? 'phone' : 'desktop'}`);
      await page.keyboard.press('Escape');

      const jsonl = await exported(page, 'Export as .jsonl');
      expect(jsonl.name).toMatch(/\.jsonl$/);
      const [header, ...lines] = jsonl.text
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(header.chat_metadata.note_prompt).toBe('Keep the harbour foggy.');
      expect(lines.map((line: { is_system: boolean }) => line.is_system)).toEqual([false, false, false, true]);

      const text = await exported(page, 'Export as text');
      expect(text.name).toMatch(/\.txt$/);
      expect(text.text).toContain('Pip (hidden): (An aside the group hid from the model.)');
      await page.context().close();
    });
  }
});
