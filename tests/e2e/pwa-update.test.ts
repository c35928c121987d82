import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fakeReplyTo, newPage, screenshot, sendInChat, signUpAndChat } from './browser';
import { serviceWorkerInControl } from './page-checks';

// The e2e server serves the repository's dist/, which every e2e file shares: the changed worker is
// written only around the update check, and the original bytes (and times) always go back.
const SW_FILE = path.resolve('dist/sw.js');

/** The service worker registration's workers, as the page sees them. */
function workers(page: Page): Promise<{ controlled: boolean; waiting: boolean; installing: boolean }> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    return {
      controlled: navigator.serviceWorker.controller !== null,
      waiting: Boolean(registration?.waiting),
      installing: Boolean(registration?.installing),
    };
  });
}

/** Serves a byte-changed dist/sw.js while the page looks for an update, then puts the original back. */
async function deployNewWorker(page: Page): Promise<void> {
  const original = fs.readFileSync(SW_FILE);
  const { atime, mtime } = fs.statSync(SW_FILE);
  try {
    fs.writeFileSync(SW_FILE, Buffer.concat([original, Buffer.from(`\n// e2e update ${Date.now()}\n`)]));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.update()));
  } finally {
    fs.writeFileSync(SW_FILE, original);
    fs.utimesSync(SW_FILE, atime, mtime);
  }
  expect(fs.readFileSync(SW_FILE).equals(original)).toBe(true);
}

describe('updating the app', () => {
  it("offers a new service worker with 'New version available', and Reload keeps a message waiting to be sent", async () => {
    const page = await newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    await signUpAndChat(page, 'Update Waiter', 'Hello before the update');
    await serviceWorkerInControl(page);
    expect(await workers(page)).toEqual({ controlled: true, waiting: false, installing: false });
    const toast = page.getByRole('status').filter({ hasText: 'New version available' });
    expect(await toast.count()).toBe(0);

    // Written offline: it waits in the outbox, and the whole update happens with the network off
    // (the browser still fetches the worker's script: the page's offline emulation does not cover it).
    const text = 'Written before the update';
    await page.context().setOffline(true);
    const bubble = page.getByRole('log').getByRole('article').filter({ hasText: text });
    await sendInChat(page, text);
    await bubble.getByText('Waiting to send').waitFor();
    await deployNewWorker(page);

    await toast.waitFor();
    await expect.poll(async () => (await workers(page)).waiting).toBe(true);
    await screenshot(page, 'pwa-update-toast');

    const reloaded = page.waitForEvent('load');
    await toast.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await serviceWorkerInControl(page);
    // The waiting worker took over: none waits any more and the page is controlled.
    await expect.poll(() => workers(page)).toEqual({ controlled: true, waiting: false, installing: false });
    // The message written before the update is still there, still waiting, and goes once online.
    await bubble.getByText('Waiting to send').waitFor();
    await page.context().setOffline(false);
    await page.getByRole('log').getByText(fakeReplyTo(text), { exact: true }).waitFor();
    await bubble.getByText('Waiting to send').waitFor({ state: 'detached' });
    await page.context().close();
  });
});
