/** A long SillyTavern chat imported for the signed-in user of a page, as the chat-window tests read it. */
import { zipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import type { Job, JobStarted } from '@core/contract';
import { writeChatJsonl } from '@core/chat/index';
import { chatLog, FIRST_CHARACTER, pageToken } from './browser';

/**
 * Imports a chat of `count` messages with the first seeded character, message i being `line(i)`
 * (the user's at even i, the character's at odd); its id.
 */
export async function importLongChat(page: Page, userName: string, count: number, line: (i: number) => string): Promise<string> {
  const start = Date.UTC(2026, 0, 5, 9);
  const messages = Array.from({ length: count }, (_, i) => ({
    role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
    name: i % 2 === 0 ? userName : FIRST_CHARACTER,
    content: line(i),
    sendDate: new Date(start + i * 60_000).toISOString(),
  }));
  const jsonl = writeChatJsonl({ userName, characterName: FIRST_CHARACTER, createdAt: new Date(start).toISOString(), messages });
  const zip = zipSync({ [`${FIRST_CHARACTER}.jsonl`]: new TextEncoder().encode(jsonl) });
  const token = await pageToken(page);
  const imported = await page.evaluate(
    async ({ bytes, token }) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/zip' }), 'long.zip');
      const response = await fetch('/api/chats/import', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      if (!response.ok) throw new Error(`import answered ${response.status}`);
      // The import is a job: followed until it is done, as the app follows it.
      const { job } = (await response.json()) as JobStarted;
      for (;;) {
        const state = (await (await fetch(`/api/jobs/${job.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as Job;
        if (state.state === 'done') return state;
        if (state.state === 'failed') throw new Error(`the import failed: ${state.error?.message}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    { bytes: Array.from(zip), token },
  );
  return imported.imported![0]!.chat_id;
}

/** The chat's scrolling element: the one around the message log. */
export const scroller = (page: Page): Locator => chatLog(page).locator('xpath=../..');

/** Whether `target` lies wholly inside what the scroller shows (not merely rendered). */
export async function inView(page: Page, target: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([scroller(page).boundingBox(), target.boundingBox()]);
  if (!outer || !inner) return false;
  return inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1;
}

/** Scrolls the conversation by `dy` px with the mouse wheel over it, as a reader does. */
export async function wheel(page: Page, dy: number): Promise<void> {
  const box = (await scroller(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.wheel(0, dy);
}
