import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { testCardPng } from '../support/cards';
import { newPage, nextAiReply, screenshot, sendInChat, signInAsAdministrator, signUp, uniqueEmail, uploadCard } from './browser';

/**
 * Other chat apps rendered card text as HTML (XSS). Here a card whose every text field is markup,
 * and a chat whose messages are markup, must show that markup as the characters it is in every
 * view, make no element from it, run none of it, and be exported as the exact raw text. The CSP
 * is the second wall: markup injected anyway is refused by the browser.
 */

const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=2</script>',
  '<a href="javascript:window.__xss=3">link</a>',
  '<svg onload="window.__xss=4"><circle r=9 /></svg>',
  '<b>bold</b>',
] as const;
const ALL = PAYLOADS.join(' ');
// The run's tag keeps this card apart from anything an earlier file published.
const RUN = `hex${Date.now().toString(36)}`;
const NAME = `Hex ${RUN} ${PAYLOADS[0]}`;
/** The user's own private copy, named apart so each view has one card of each name. */
const OWN_NAME = `Own ${RUN} ${PAYLOADS[1]}`;
const GREETING = `Greeting ${ALL}`;
const USER_MESSAGE = `Message ${ALL}`;
const AI_REPLY = `Reply ${ALL}`;

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-hostile-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** A card whose every text field a viewer sees holds the payloads; new bytes on every call. */
function hostileCard(name: string): Uint8Array {
  return testCardPng({
    name,
    description: `Description ${ALL}`,
    personality: `Personality ${ALL}`,
    scenario: `Scenario ${ALL}`,
    first_mes: GREETING,
    creator_notes: `Notes ${ALL}`,
    creator: PAYLOADS[2],
    tags: [...PAYLOADS],
  });
}

/**
 * No element was made from the payloads anywhere in the document and none of them ran.
 * (The built index.html has exactly one script, external; lucide's icons have no onload.)
 */
async function expectNothingMade(page: Page, where: string): Promise<void> {
  const made = await page.evaluate(() => ({
    elements: [
      ...document.querySelectorAll('img[src="x"], script:not([src]), svg[onload], a[href^="javascript:"], [onerror], [onload]'),
    ].map((element) => element.outerHTML.slice(0, 120)),
    bold: [...document.querySelectorAll('b')].filter((element) => element.textContent === 'bold').length,
    xss: (window as unknown as { __xss?: unknown }).__xss,
  }));
  expect(made, where).toEqual({ elements: [], bold: 0, xss: undefined });
}

/** `container` shows every text literally (as its characters), and the page made nothing of it. */
async function expectLiteral(page: Page, container: Locator, texts: readonly string[], where: string): Promise<void> {
  await container.waitFor();
  // Polled: a view may still be filling in (a stream, a page of messages) when it first appears.
  await expect
    .poll(
      async () => {
        const shown = await container.innerText();
        return texts.filter((text) => !shown.includes(text));
      },
      { message: where, timeout: 15_000 },
    )
    .toEqual([]);
  await expectNothingMade(page, where);
}

describe('card and chat text holding HTML', () => {
  it('shows as text in the upload preview, the gallery and its modal, the collection, favorites, the chat, the history and the export', async () => {
    // The administrator publishes the card through the upload form; its preview is the first view,
    // and the file's own name is markup too.
    const admin = await newPage();
    await admin.setViewportSize({ width: 1440, height: 900 });
    await admin.goto('/create');
    await signInAsAdministrator(admin);
    await admin.getByRole('heading', { name: 'Upload a Character Card' }).waitFor();
    const file = path.join(tmp, `${PAYLOADS[0]}.png`);
    fs.writeFileSync(file, hostileCard(NAME));
    await admin.locator('input[type="file"]').setInputFiles(file);
    await expectLiteral(admin, admin.locator('#upload-file-status'), [NAME, `${PAYLOADS[0]}.png`], '/create preview');
    await screenshot(admin, 'hostile-upload-preview');
    await admin.getByLabel('I accept the privacy requirements').check();
    await admin.getByLabel('I confirm I am 18 or older').check();
    await admin.getByLabel('Publish as public').check();
    await admin.getByRole('button', { name: 'Upload', exact: true }).click();
    await admin.getByText('Image uploaded successfully!').waitFor();
    await expectNothingMade(admin, '/create after upload');
    await admin.context().close();

    // Everything else as an ordinary user, who meets the public card as anyone would.
    const page = await newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/collections');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await signUp(page, { name: 'Hostile Reader', email: uniqueEmail('hostile'), password: 'literal-text-only-42' });
    await page.getByRole('heading', { name: 'My Collections' }).waitFor();

    // My Collections: a private copy under its own name, and its view modal.
    await uploadCard(page, hostileCard(OWN_NAME), `${PAYLOADS[1].replace(/\//g, '')}.png`);
    await page.goto('/collections');
    const owned = page.getByRole('article', { name: OWN_NAME });
    await expectLiteral(page, owned, [OWN_NAME, PAYLOADS[0], PAYLOADS[3]], 'collections list');
    await screenshot(page, 'hostile-collections');
    await owned.getByRole('button', { name: `View ${OWN_NAME}` }).click();
    await expectLiteral(page, page.getByRole('dialog', { name: OWN_NAME }), [OWN_NAME], 'collection view modal');
    await page.keyboard.press('Escape');

    // Home: the public card found by the run's tag, and its view modal.
    await page.goto(`/?q=${RUN}`);
    const tile = page.getByRole('article', { name: NAME });
    await expectLiteral(page, tile, [NAME, `Description ${ALL}`, `@${PAYLOADS[2]}`, PAYLOADS[0]], 'gallery card');
    await screenshot(page, 'hostile-gallery');
    await tile.getByRole('button', { name: `View ${NAME}` }).click();
    const modal = page.getByRole('dialog', { name: NAME });
    await expectLiteral(page, modal, [NAME, PAYLOADS.join(', '), PAYLOADS[2]], 'gallery view modal');
    await screenshot(page, 'hostile-gallery-modal');
    await modal.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'hidden' });

    // Favorites.
    await tile.getByRole('button', { name: `Add ${NAME} to favorites` }).click();
    await tile.getByRole('button', { name: `Remove ${NAME} from favorites`, pressed: true }).waitFor();
    await page.goto('/favorites');
    const favorite = page.getByRole('article', { name: NAME });
    await expectLiteral(page, favorite, [NAME, `Description ${ALL}`, PAYLOADS[1], PAYLOADS[4]], 'favorites');
    await screenshot(page, 'hostile-favorites');

    // The chat: the greeting (first_mes), the user's message and the AI's reply, and the character panel.
    await favorite.getByRole('button', { name: `Chat with ${NAME}` }).click();
    await page.waitForURL((url) => url.pathname === '/recent-chat');
    const log = page.getByRole('log');
    await expectLiteral(page, log, [GREETING], 'chat greeting');
    await nextAiReply({ kind: 'reply', text: AI_REPLY });
    await sendInChat(page, USER_MESSAGE);
    await expectLiteral(page, log, [GREETING, USER_MESSAGE, AI_REPLY], 'chat messages');
    await page.getByRole('button', { name: 'Ask' }).waitFor();
    const panel = page.getByRole('complementary', { name: 'Character' });
    await panel.getByRole('button', { name: '+2 more' }).click();
    await expectLiteral(page, panel, [NAME, ...PAYLOADS], 'character panel');
    // The recent list, and again after a reload, when everything comes from the server and Dexie.
    const history = page.getByRole('region', { name: 'Select a history' });
    await expectLiteral(page, history.getByRole('list', { name: 'Recent chats' }), [NAME], 'chat history list');
    await page.reload();
    await expectLiteral(page, log, [GREETING, USER_MESSAGE, AI_REPLY], 'chat after reload');
    await screenshot(page, 'hostile-chat-desktop');

    // The chat-history widget on every other page.
    await page.goto('/');
    await expectLiteral(page, page.getByRole('navigation', { name: 'Chat history' }), [NAME], 'chat history widget');
    await page.goBack();

    // The export is data: the JSONL holds the exact raw text, not an escaped or stripped copy.
    await log.getByText(AI_REPLY.slice(0, 20)).first().waitFor();
    await page.getByRole('button', { name: 'Chat actions' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export chat' }).click()]);
    const archive = path.join(tmp, 'export.zip');
    await download.saveAs(archive);
    const files = unzipSync(new Uint8Array(fs.readFileSync(archive)));
    const jsonl = Object.keys(files).find((name) => name.endsWith('.jsonl'));
    expect(jsonl).toBeDefined();
    const lines = new TextDecoder()
      .decode(files[jsonl!])
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines[0]).toMatchObject({ character_name: NAME });
    expect(lines.slice(1).map((line) => line.mes)).toEqual([GREETING, USER_MESSAGE, AI_REPLY]);
    await expectNothingMade(page, 'after export');

    // A phone-sized window onto the same chat.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expectLiteral(page, log, [GREETING, USER_MESSAGE, AI_REPLY], 'chat on a phone');
    await screenshot(page, 'hostile-chat-phone');
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    await page.context().close();
  });

  it("is refused by the CSP even when markup is injected into the app's page", async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: 'Find your next character' }).waitFor();
    const outcome = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
      const host = document.createElement('div');
      document.body.append(host);
      // The image loads (img-src allows our origin), fails, and its inline handler is refused.
      host.innerHTML = '<img src="/x-missing.png" onerror="window.__csp=1">';
      const script = document.createElement('script');
      script.textContent = 'window.__csp = 2';
      host.append(script);
      const deadline = Date.now() + 5_000;
      while (violations.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return { violations, csp: (window as unknown as { __csp?: unknown }).__csp };
    });
    expect(outcome.csp).toBeUndefined();
    expect(outcome.violations).toEqual(
      expect.arrayContaining([expect.stringMatching(/^script-src-attr /), expect.stringMatching(/^script-src-elem inline/)]),
    );
    await page.context().close();
  });
});
