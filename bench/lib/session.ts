/**
 * What the server and browser figures share: the fake LLM, one real server with the seeded gallery,
 * Chromium, and one user signed up through the UI whose page (service worker in control) and token
 * the figures use.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { PublicImage, PublicImagesResponse } from '@core/contract';
import { SEED_CHARACTERS } from '../../server/seed/characters';
import { startFakeOpenAI, type FakeOpenAI } from '../../tests/support/fakeOpenAI';
import { accessTokenOf, launchChromium, signUpInBrowser } from './browser';
import type { Api } from './http';
import { startServer, type BenchServer } from './server';
import { sleep } from './stats';

export interface Session {
  fake: FakeOpenAI;
  server: BenchServer;
  browser: Browser;
  context: BrowserContext;
  /** Signed in, service worker in control. */
  page: Page;
  api: Api;
  /** A public seeded card, for chats that need a character. */
  card: { fileId: string; name: string };
  close(): Promise<void>;
}

const FIRST_CHARACTER = SEED_CHARACTERS[0]!.name;

/**
 * The per-user rate limits (30 completions, 20 uploads a minute by default) raised: the figures
 * measure speed, and one user here sends 110 completions and 8 uploads in a few minutes. At the
 * default, the outbox's replay of 100 messages stops after 30 (429) and waits.
 */
export const RAISED_LIMITS = { RATE_LIMIT_COMPLETIONS_PER_MINUTE: '100000', RATE_LIMIT_UPLOADS_PER_MINUTE: '1000' };

/** The server seeds after it listens; the gallery figures need all twelve cards. */
async function seededGallery(baseURL: string): Promise<PublicImage[]> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const body = (await (await fetch(`${baseURL}/api/upload/image?limit=20`)).json()) as PublicImagesResponse;
    if (body.total >= SEED_CHARACTERS.length) return body.data;
    await sleep(250);
  }
  throw new Error('the gallery was not seeded within 60 s');
}

export async function openSession(): Promise<Session> {
  // Answers at once unless a figure queues a slower reply.
  const fake = await startFakeOpenAI({ default: { kind: 'reply' } });
  const server = await startServer({ seed: true, llmBaseUrl: fake.baseUrl, env: RAISED_LIMITS });
  const browser = await launchChromium();
  try {
    const cards = await seededGallery(server.baseURL);
    const first = cards.find((card) => card.card_data.data.name === FIRST_CHARACTER) ?? cards[0]!;
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1280, height: 800 } });
    const page = await signUpInBrowser(context);
    const api: Api = { baseURL: server.baseURL, token: () => accessTokenOf(page) };
    return {
      fake,
      server,
      browser,
      context,
      page,
      api,
      card: { fileId: first.file_id, name: first.card_data.data.name },
      async close() {
        await browser.close();
        await server.stop();
        await fake.close();
      },
    };
  } catch (error) {
    await browser.close();
    await server.stop();
    await fake.close();
    throw error;
  }
}
