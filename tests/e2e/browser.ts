/**
 * Debian's Chromium driven by playwright-core (which never downloads a browser of its own).
 * One browser per test file, launched on first use and closed after the file; every page gets a
 * fresh context, so storage, service workers and offline state never leak between tests.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { SEED_CHARACTERS } from '../../server/seed/characters';
import { defaultReplyTo, LAST_PROMPT_PATH, type FakeBehaviour } from '../support/fakeOpenAI';
import { CHROMIUM_ARGS, CHROMIUM_PATH, fillSignUp, type Account } from './chromium';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './global-setup';
import { serviceWorkerInControl } from './page-checks';

const SCREENSHOT_DIR = path.resolve('.test-output/screenshots');

let browser: Promise<Browser> | undefined;

export function baseURL(): string {
  return inject('baseURL');
}

export function getBrowser(): Promise<Browser> {
  browser ??= chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  return browser;
}

export async function closeBrowser(): Promise<void> {
  const current = browser;
  browser = undefined;
  if (current) await (await current).close();
}

// Registered in every file that imports this module, so no test file can leak a browser.
afterAll(closeBrowser);

export interface PageOptions {
  /** A 390×844 touch phone at 3× density, as the design's phone checks use. */
  phone?: boolean;
  /** Another origin than the run's server (a server of the test's own, behind a proxy). */
  baseURL?: string;
}

export async function newContext(options: PageOptions = {}): Promise<BrowserContext> {
  const phone = options.phone ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3 } : {};
  return (await getBrowser()).newContext({ baseURL: options.baseURL ?? baseURL(), ...phone });
}

/** A page in its own fresh context; close it with `page.context().close()` or let the file's end do it. */
export async function newPage(options: PageOptions = {}): Promise<Page> {
  return (await newContext(options)).newPage();
}

/** Saves a full-page PNG under .test-output/screenshots/ and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export type { Account };

/**
 * Creates an account on the embedded provider, starting from its sign-in or sign-up form, and
 * returns once the form is submitted (the caller waits for wherever the flow leads next).
 */
export const signUp = fillSignUp;

/**
 * Signs in as the run's administrator (E2E_ADMIN_EMAIL) from the provider's sign-in or sign-up
 * form: signs up, or signs in with E2E_ADMIN_PASSWORD when an earlier test file already made the
 * account, so test files may run in any order. Returns once the form is submitted, as signUp does.
 */
export async function signInAsAdministrator(page: Page): Promise<void> {
  const signUpAnswer = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname.endsWith('/signup'),
  );
  await signUp(page, { name: 'Admin Ada', email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD });
  if ((await signUpAnswer).status() !== 409) return;
  await page.getByRole('alert').getByText('An account with this e-mail already exists.').waitFor();
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await page.getByLabel('Email', { exact: true }).fill(E2E_ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** A unique address, so tests never collide on an e-mail that is already taken. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.test`;
}

/**
 * A context with a real profile directory. Chromium treats the default contexts as incognito, where
 * it reports the app as not installable; installability checks need this one. Close it when done.
 */
export async function newPersistentContext(): Promise<BrowserContext> {
  const profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-profile-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: baseURL(),
  });
  // Chromium may still be flushing its cache as the context closes; a left-over temp dir is harmless.
  context.on('close', () => fs.promises.rm(profileDir, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined));
  return context;
}

/**
 * Changes a user's plan on the e2e server the way an operator would: `npm run admin -- set-plan`,
 * against the server's own DATA_DIR. The user must have signed in once.
 */
export function setPlan(email: string, plan: string): void {
  const result = spawnSync(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/admin.ts', 'set-plan', email, plan], {
    env: { ...process.env, DATA_DIR: inject('dataDir'), DATABASE_URL: '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`set-plan failed: ${result.stderr}`);
}

/** Shapes the fake AI's next reply (see tests/support/fakeOpenAI FakeBehaviour). */
export async function nextAiReply(behaviour: FakeBehaviour): Promise<void> {
  const response = await fetch(inject('fakeLlmControl'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(behaviour),
  });
  if (!response.ok) throw new Error(`fake AI control answered ${response.status}`);
}

/** The messages of the last chat request the fake AI received (the prompt the server built). */
export async function lastAiPrompt(): Promise<Array<{ role: string; content: string }>> {
  const response = await fetch(new URL(LAST_PROMPT_PATH, inject('fakeLlmControl')));
  const body = (await response.json()) as { messages?: Array<{ role: string; content: string }> } | null;
  return body?.messages ?? [];
}

/** The fake AI's default reply (tests/support/fakeOpenAI) to a message. */
export const fakeReplyTo = defaultReplyTo;

/** The first seeded character, whose card every fresh e2e server shows on Home. */
export const FIRST_CHARACTER = SEED_CHARACTERS[0]!.name;

/**
 * Opens Home and waits for the first seeded card. Every server a test meets has finished seeding
 * before the tests start (tests/support/seededGallery.ts), so the cards come with the first load.
 */
export async function homeWithSeededCards(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { name: FIRST_CHARACTER }).waitFor();
}

/**
 * Signs up from /recent-chat's 'Go to Login' and waits for the chat screen (its history list is there,
 * shown or in its drawer; on a phone it is the page). `worker`: also
 * waits until the service worker controls the page, so what follows is cached by it.
 */
export async function signUpFromRecentChat(page: Page, account: Account, options: { worker?: boolean } = {}): Promise<void> {
  await page.goto('/recent-chat');
  await page.getByText('User not authenticated. Please log in to view chat records.').waitFor();
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await signUp(page, account);
  await page.getByText('Select a history', { exact: true }).waitFor({ state: 'attached' });
  if (options.worker) await serviceWorkerInControl(page);
}

/**
 * Opens a new chat with the first seeded character by clicking its card on Home, and waits for the
 * composer. Returns the chat's id.
 */
export async function openFirstCharacterChat(page: Page): Promise<string> {
  await homeWithSeededCards(page);
  await page.getByRole('button', { name: `Chat with ${FIRST_CHARACTER}` }).click();
  await page.waitForURL((url) => url.pathname === '/recent-chat' && url.searchParams.has('chat'));
  await page.getByPlaceholder('Type a message').waitFor();
  return new URL(page.url()).searchParams.get('chat')!;
}

/**
 * Signs up (signUpFromRecentChat, service worker in control), opens a chat with the first seeded
 * character (openFirstCharacterChat), sends `text` and waits for the fake AI's reply. Returns the
 * chat's id.
 */
export async function signUpAndChat(page: Page, name: string, text: string): Promise<string> {
  await signUpFromRecentChat(page, { name, email: uniqueEmail('offline'), password: 'offline-first-42' }, { worker: true });
  await openFirstCharacterChat(page);
  await sendInChat(page, text);
  // The whole reply, not its first words: a test that goes offline next must find it stored.
  await chatLog(page).getByText(fakeReplyTo(text), { exact: true }).waitFor();
  await page.getByRole('button', { name: 'Ask' }).waitFor();
  return new URL(page.url()).searchParams.get('chat')!;
}

/** The open chat's message list (its log landmark). */
export const chatLog = (page: Page) => page.getByRole('log');

/** The tokens the app keeps for the signed-in user ('cardchat.tokens' in localStorage); `{}` when signed out. */
export function pageTokens(page: Page): Promise<{ accessToken?: string; subject?: string; email?: string | null }> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('cardchat.tokens') ?? '{}') as { accessToken?: string; subject?: string; email?: string | null },
  );
}

/** The page's own access token, as the app sends it. */
export async function pageToken(page: Page): Promise<string | undefined> {
  return (await pageTokens(page)).accessToken;
}

/** The chat as the server stored it: [role, content], oldest first, through the page's own token. */
export async function storedMessages(page: Page, chatId: string): Promise<Array<[string, string]>> {
  const token = await pageToken(page);
  return page.evaluate(
    async ({ id, token }) => {
      const response = await fetch('/api/chats/get', {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ chat_id: id, page_size: 50 }),
      });
      if (!response.ok) throw new Error(`/api/chats/get answered ${response.status}`);
      const body = (await response.json()) as { data: Array<{ role: string; content: string }> };
      return body.data.map((m) => [m.role, m.content] as [string, string]);
    },
    { id: chatId, token },
  );
}

/** Types `text` into the open chat's composer and presses Enter. */
export async function sendInChat(page: Page, text: string): Promise<void> {
  const input = page.getByPlaceholder('Type a message');
  await input.fill(text);
  await input.press('Enter');
}

/**
 * Uploads a card through the API with the page's own token (multipart, field 'image'), as the
 * upload form does; its file_id.
 */
export async function uploadCard(page: Page, png: Uint8Array, filename: string): Promise<string> {
  const token = await pageToken(page);
  return page.evaluate(
    async ({ bytes, filename, token }) => {
      const form = new FormData();
      form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), filename);
      const response = await fetch('/api/upload/image', { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: form });
      if (!response.ok) throw new Error(`upload answered ${response.status}: ${await response.text()}`);
      return ((await response.json()) as { data: { file_id: string } }).data.file_id;
    },
    { bytes: Array.from(png), filename, token },
  );
}

/** The pages told they are offline by openOffline, each through a DevTools session of its own. */
const offlineSessions = new WeakMap<Page, CDPSession>();

/**
 * Opens a document (a reload, a goto) while the context is offline (context.setOffline(true)).
 * Chromium starts each new document under that emulation with navigator.onLine true, unlike a device
 * that is offline, so the page would only learn it from failing requests; this tells the new document
 * too, as the device would. Clear it with backOnline.
 */
export async function openOffline(page: Page, open: () => Promise<unknown>): Promise<void> {
  await open();
  const session = offlineSessions.get(page) ?? (await page.context().newCDPSession(page));
  offlineSessions.set(page, session);
  await session.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
}

/** context.setOffline(false), and the offline state openOffline gave the page's document cleared with it. */
export async function backOnline(page: Page): Promise<void> {
  await page.context().setOffline(false);
  const session = offlineSessions.get(page);
  offlineSessions.delete(page);
  await session?.detach();
}
