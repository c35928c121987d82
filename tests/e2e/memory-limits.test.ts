/**
 * The Memory panel never cuts what is typed: past a memory's or the note's limit the text stays, the
 * counter under it turns red and says by how much, and saving is refused with a message, as the
 * composer does.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MEMORY_LIMITS } from '@core/contract/constants';
import { newPage, signUpAndChat } from './browser';
import { seriousViolations } from './page-checks';

async function openMemory(page: Page) {
  await page.getByRole('button', { name: 'Chat actions' }).click();
  await page.getByRole('menuitem', { name: 'Memory' }).click();
  return page.getByRole('dialog', { name: 'Memory' });
}

describe('the Memory panel past its limits', () => {
  it('keeps an over-long memory and note, shows by how much, and refuses to save them (phone, axe)', async () => {
    const page = await newPage({ phone: true });
    await signUpAndChat(page, 'Long Memory', 'Hello there.');
    const memory = await openMemory(page);
    const limit = MEMORY_LIMITS.textChars;
    const long = 'x'.repeat(limit + 5);

    const field = memory.getByLabel('New memory');
    await field.fill(long);
    expect(await field.inputValue()).toHaveLength(limit + 5);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await memory.getByText(`${(limit + 5).toLocaleString('en-US')} / ${limit.toLocaleString('en-US')}`).waitFor();
    await memory.getByRole('button', { name: 'Add memory' }).click();
    await memory.getByRole('alert').getByText('Too long: at most 2,000 characters. Remove 5 to save.').waitFor();
    await memory.getByText('Nothing pinned yet.').waitFor();
    expect(await seriousViolations(page, 'dialog')).toEqual([]);

    const note = memory.getByLabel("Author's note");
    await note.fill(long);
    await memory.getByRole('button', { name: 'Save note' }).click();
    await memory.getByRole('alert').getByText('Too long: at most 2,000 characters. Remove 5 to save.').last().waitFor();
    expect(await note.inputValue()).toHaveLength(limit + 5);

    await field.fill('x'.repeat(limit));
    expect(await field.getAttribute('aria-invalid')).toBeNull();
    await memory.getByRole('button', { name: 'Add memory' }).click();
    await memory.getByRole('list', { name: 'Pinned memories' }).getByRole('listitem').waitFor();
    await page.context().close();
  });
});
