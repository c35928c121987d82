import { describe, expect, it } from 'vitest';
import { newPage, screenshot } from './browser';

describe('smoke: the server `npm start` runs, seen from Chromium', () => {
  it('answers /api/health with the embedded provider, SQLite, files and the (fake) OpenAI-compatible AI', async () => {
    const page = await newPage();
    const response = await page.goto('/api/health');
    expect(response?.status()).toBe(200);
    expect(await response?.json()).toEqual({ status: 'ok', database: 'sqlite', blobs: 'files', ai: 'openai', auth: 'embedded' });
    await page.context().close();
  });

  it('serves the app shell at / with the title cardchat', async () => {
    const page = await newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toBe('cardchat');
    await screenshot(page, 'smoke-home');
    await page.context().close();
  });
});
