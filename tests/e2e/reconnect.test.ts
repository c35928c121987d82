/**
 * Reconnecting, in Chromium on a phone-sized screen: cardchat is reached through a loopback TCP proxy the
 * test controls (PUBLIC_URL is the proxy's origin), so an outage can be a server that refuses
 * connections, a network that accepts them and never answers, or the device going offline. Each
 * time the message written meanwhile is stored once when cardchat answers again, with no reload and
 * no tab switch by the test; at the end the server holds every message of the session once, in order.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultReplyTo, startFakeOpenAI, type FakeOpenAI } from '../support/fakeOpenAI';
import { startProxiedServer, storedDirectly, type ProxiedServer } from '../support/proxiedServer';
import {
  backOnline,
  chatLog,
  newContext,
  openFirstCharacterChat,
  openOffline,
  pageToken,
  screenshot,
  sendInChat,
  signUpFromRecentChat,
  uniqueEmail,
} from './browser';
import { seriousViolations } from './page-checks';

const WAITING = 'Waiting to send';
const UNREACHABLE = /Can't reach cardchat — trying again (in \d+ s|now)/;
const OFFLINE_BANNER = "You're offline — messages will be sent when you're back online";

let fake: FakeOpenAI;
let server: ProxiedServer;
let context: BrowserContext;
let page: Page;
let chatId: string;
/** Every message of the session, in the order written. */
const written: string[] = [];

/** The connectivity line, wherever the page floats it (under the top bar, or over the conversation). */
const statusLine = (tab: Page) => tab.getByRole('status').filter({ hasText: /Can't reach cardchat|You're offline —|messages? waiting/ });
const bubble = (tab: Page, text: string) => chatLog(tab).getByRole('article').filter({ hasText: text });
const offlineLabel = (tab: Page) => tab.getByRole('banner').getByText('(offline)');
/**
 * The probes have backed off: the next one is at least `seconds` away ('trying again in 4 s' comes
 * after two unanswered probes: their waits are about 1, 2, 4, 8... s, each ±20 %).
 */
const backedOff = (tab: Page, seconds: number) =>
  statusLine(tab)
    .getByText(new RegExp(`Can't reach cardchat — trying again in (${seconds}|[${seconds + 1}-9]|\\d{2,}) s`))
    .waitFor({ timeout: 60_000 });

/** Polls the server itself (not through the proxy) until `text` is stored, at most `withinMs` after `since`. */
async function storedBy(text: string, since: number, withinMs: number): Promise<void> {
  await vi.waitFor(
    async () => {
      const stored = await storedDirectly(server, (await pageToken(page))!, chatId);
      if (!stored.some(([role, content]) => role === 'user' && content === text))
        throw new Error(`'${text}' was not stored within ${withinMs / 1000} s of cardchat answering again`);
    },
    { timeout: Math.max(1, withinMs - (Date.now() - since)), interval: 100 },
  );
}

/** How many times the server holds `text` as a user message. */
async function copies(text: string): Promise<number> {
  const stored = await storedDirectly(server, (await pageToken(page))!, chatId);
  return stored.filter(([role, content]) => role === 'user' && content === text).length;
}

/** Writes `text` into the open chat; the test then decides what the network does. */
async function write(tab: Page, text: string): Promise<void> {
  written.push(text);
  await sendInChat(tab, text);
}

beforeAll(async () => {
  fake = await startFakeOpenAI({ default: { kind: 'reply', chunkDelayMs: 20 } });
  server = await startProxiedServer({ LLM_BASE_URL: fake.baseUrl });
  context = await newContext({ phone: true, baseURL: server.proxy.url });
  page = await context.newPage();
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
  await fake?.close();
});

describe('reconnecting by itself', () => {
  it('signs up and chats through the proxy while the network is well', async () => {
    await signUpFromRecentChat(
      page,
      { name: 'Rail Commuter', email: uniqueEmail('reconnect'), password: 'tunnels-and-bridges-42' },
      { worker: true },
    );
    chatId = await openFirstCharacterChat(page);
    await write(page, 'Before anything went wrong');
    await chatLog(page).getByText(defaultReplyTo('Before anything went wrong'), { exact: true }).waitFor();
    expect(await statusLine(page).count()).toBe(0);
  });

  it("server unreachable, a message sent, the page reloaded, the server back: stored once within 15 s and '(offline)' gone, in two tabs", async () => {
    // A second tab, on the chat list: both find cardchat again and flush; the message still goes once.
    // On a phone an open chat has the screen, the top bar tucked away: '(offline)' is read in this tab's bar.
    const other = await context.newPage();
    await other.goto('/recent-chat');
    await other.getByRole('heading', { name: 'Select a history' }).waitFor();

    await server.proxy.setMode('refuse');
    const text = 'Sent while the server was down';
    await write(page, text);
    await bubble(page, text).getByText(WAITING).waitFor();
    await statusLine(page).getByText(UNREACHABLE).waitFor();
    expect(await statusLine(page).getByRole('button', { name: 'Try now' }).count()).toBe(1);

    await page.reload();
    await other.reload();
    await bubble(page, text).getByText(WAITING).waitFor();
    await statusLine(page).getByText(UNREACHABLE).waitFor();
    await statusLine(page).getByText('1 message waiting').waitFor();
    await offlineLabel(other).waitFor();
    await screenshot(page, 'reconnect-unreachable-phone');
    expect(await seriousViolations(page)).toEqual([]);
    // Down a while, as a restart or a deploy is: until the probes have backed off.
    await backedOff(page, 4);
    expect(await copies(text)).toBe(0);

    await server.proxy.setMode('forward');
    const back = Date.now();
    await storedBy(text, back, 15_000);
    await offlineLabel(other).waitFor({ state: 'detached', timeout: Math.max(1, 15_000 - (Date.now() - back)) });
    await chatLog(page).getByText(defaultReplyTo(text), { exact: true }).waitFor();
    // The connectivity line and the chat's own 'Can't reach cardchat: showing the messages saved…' both go.
    await expect.poll(() => statusLine(page).count(), { timeout: 30_000 }).toBe(0);
    await other.goto(`/recent-chat?chat=${chatId}`);
    await chatLog(other).getByText(defaultReplyTo(text), { exact: true }).waitFor();
    expect(await copies(text)).toBe(1);
    await other.close();
  });

  it('a network that never answers (its probes unanswered too), a message sent into it, then normal again: waiting, not failed, and stored once within 20 s', async () => {
    await server.proxy.setMode('hang');
    const text = 'Sent into a network that never answers';
    await write(page, text);
    // The send ends as waiting while the network still hangs (a quiet request asks /api/health,
    // which gets no answer either), never as failed.
    await bubble(page, text).getByText(WAITING).waitFor({ timeout: 20_000 });
    await statusLine(page).getByText(UNREACHABLE).waitFor();
    expect(await chatLog(page).getByRole('alert').count()).toBe(0);
    await screenshot(page, 'reconnect-hanging-phone');
    // A while of it: until a probe after the send has hung unanswered too (each waits 5 s for one).
    await backedOff(page, 3);
    expect(await copies(text)).toBe(0);

    await server.proxy.setMode('forward');
    const back = Date.now();
    await storedBy(text, back, 20_000);
    await chatLog(page).getByText(defaultReplyTo(text), { exact: true }).waitFor();
    expect(await copies(text)).toBe(1);
  }, 120_000);

  it('offline, a message, a reload, online again: stored once within 15 s', async () => {
    await context.setOffline(true);
    await statusLine(page).getByText(OFFLINE_BANNER).waitFor();
    const text = 'Written offline, then reloaded';
    await write(page, text);
    await bubble(page, text).getByText(WAITING).waitFor();
    await openOffline(page, () => page.reload());
    await bubble(page, text).getByText(WAITING).waitFor();
    await statusLine(page).getByText(OFFLINE_BANNER).waitFor();
    await screenshot(page, 'reconnect-offline-phone');

    // The device's online event comes a moment before the network works (as a phone's often does):
    // the probe it starts fails, and the next one, a second later, finds cardchat.
    await backOnline(page);
    const back = Date.now();
    await storedBy(text, back, 15_000);
    await chatLog(page).getByText(defaultReplyTo(text), { exact: true }).waitFor();
    expect(await copies(text)).toBe(1);
    // The session left '(offline)' too: the list's top bar says so.
    await page.getByRole('button', { name: 'Back to chats' }).click();
    await page.getByRole('heading', { name: 'Select a history' }).waitFor();
    await expect.poll(() => offlineLabel(page).count()).toBe(0);
    await page.goto(`/recent-chat?chat=${chatId}`);
    await chatLog(page).getByText(defaultReplyTo(text), { exact: true }).waitFor();
  });

  it('leaves the server holding every message of the session once, in order, each with its reply', async () => {
    const stored = await storedDirectly(server, (await pageToken(page))!, chatId);
    const expected = written.flatMap((text) => [
      ['user', text],
      ['assistant', defaultReplyTo(text)],
    ]);
    expect(stored.filter(([role]) => role !== 'system').slice(-expected.length)).toEqual(expected);
    expect(stored.filter(([role]) => role === 'user').map(([, content]) => content)).toEqual(written);
    await expect.poll(() => chatLog(page).getByText(WAITING).count()).toBe(0);
    await expect.poll(() => statusLine(page).count()).toBe(0);
  });
});
