import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
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

/** dist/sw.js and the build's compressed copies of it, which the server sends to browsers that accept them. */
const VARIANTS: Array<[string, (bytes: Buffer) => Buffer]> = [
  [SW_FILE, (bytes) => bytes],
  [`${SW_FILE}.br`, (bytes) => brotliCompressSync(bytes)],
  [`${SW_FILE}.gz`, (bytes) => gzipSync(bytes)],
];

/** Serves a byte-changed dist/sw.js (each copy) while the page looks for an update, then puts the originals back. */
async function deployNewWorker(page: Page): Promise<void> {
  const originals = VARIANTS.filter(([file]) => fs.existsSync(file)).map(([file, encode]) => ({
    file,
    encode,
    bytes: fs.readFileSync(file),
    stat: fs.statSync(file),
  }));
  const changed = Buffer.concat([fs.readFileSync(SW_FILE), Buffer.from(`\n// e2e update ${Date.now()}\n`)]);
  try {
    for (const { file, encode } of originals) fs.writeFileSync(file, encode(changed));
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r!.update()));
  } finally {
    for (const { file, bytes, stat } of originals) {
      fs.writeFileSync(file, bytes);
      fs.utimesSync(file, stat.atime, stat.mtime);
    }
  }
  for (const { file, bytes } of originals) expect(fs.readFileSync(file).equals(bytes)).toBe(true);
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
    // Activation takes a moment longer on a busy machine than expect.poll's default second.
    await expect.poll(() => workers(page), { timeout: 15_000 }).toEqual({ controlled: true, waiting: false, installing: false });
    // The message written before the update is still there, still waiting, and goes once online.
    await bubble.getByText('Waiting to send').waitFor();
    await page.context().setOffline(false);
    await page.getByRole('log').getByText(fakeReplyTo(text), { exact: true }).waitFor();
    await bubble.getByText('Waiting to send').waitFor({ state: 'detached' });
    await page.context().close();
  });
});
