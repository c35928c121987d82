import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { testCardPng } from '../support/cards';
import {
  FIRST_CHARACTER,
  homeWithSeededCards,
  newContext,
  newPage,
  openOffline,
  screenshot,
  signInAsAdministrator,
  signUp,
  uniqueEmail,
  uploadCard,
} from './browser';
import { horizontalOverflow, seriousViolations, serviceWorkerInControl } from './page-checks';

const sizes = [
  { phone: true, label: 'phone' },
  { phone: false, label: 'desktop' },
] as const;

async function desktop(page: Page): Promise<Page> {
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

/** Signs up from Profile's sign-in prompt and waits for Profile. */
async function signUpAt(page: Page, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  await page.goto('/profile');
  await signUp(page, { name: `${prefix} person`, email, password: 'sharing-cards-2026' });
  await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
  return email;
}

async function chooseHandle(page: Page, handle: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Creator page' });
  await section.getByLabel('Handle').fill(handle);
  await section.getByLabel('Bio').fill('I write <b>cozy</b> mysteries.');
  await section.getByRole('button', { name: 'Save' }).click();
  await section.getByText('Saved. Your creator page is live.').waitFor();
}

describe('sharing and discovering characters', () => {
  for (const { phone, label } of sizes) {
    it(`opens a character page from Home (${label}), shares its link and opens it offline`, async () => {
      const context = await newContext({ phone });
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const page = phone ? await context.newPage() : await desktop(await context.newPage());
      await homeWithSeededCards(page);
      await page.getByRole('button', { name: `View ${FIRST_CHARACTER}` }).click();
      await page.getByRole('dialog', { name: FIRST_CHARACTER }).getByRole('link', { name: 'Open page' }).click();
      await page.waitForURL((url) => url.pathname.startsWith('/characters/'));
      const fileId = new URL(page.url()).pathname.split('/').pop()!;
      await page.getByRole('heading', { level: 1, name: FIRST_CHARACTER }).waitFor();
      for (const section of ['Description', 'First message', 'About this card'])
        await page.getByRole('region', { name: section }).waitFor();
      const about = await page.getByRole('region', { name: 'About this card' }).innerText();
      expect(about).toMatch(/Tokens\s*≈ \d/);
      expect(await page.getByRole('region', { name: 'First message' }).innerText()).not.toContain('{{');
      expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await screenshot(page, `character-page-${label}`);

      // Share: the system sheet where there is one, else the link copied.
      await page.getByRole('button', { name: 'Share' }).click();
      await page.getByRole('button', { name: 'Link copied' }).waitFor();
      const link = await page.evaluate(() => navigator.clipboard.readText());
      expect(link).toBe(new URL(`/characters/${fileId}`, page.url()).href);

      // The link, opened by someone else, is the page; its head previews the character.
      const other = await newPage({ phone });
      const response = await other.goto(link);
      expect(response?.status()).toBe(200);
      expect(await other.locator('meta[property="og:title"]').getAttribute('content')).toBe(`${FIRST_CHARACTER} · cardchat`);
      await other.getByRole('heading', { level: 1, name: FIRST_CHARACTER }).waitFor();
      await other.context().close();

      // Seen once, it opens offline from the device.
      await serviceWorkerInControl(page);
      await context.setOffline(true);
      await openOffline(page, () => page.reload());
      await page.getByRole('heading', { level: 1, name: FIRST_CHARACTER }).waitFor();
      await page.getByText("You're offline: this is the character as this device last saw it.").waitFor();
      await context.setOffline(false);
      await context.close();
    });
  }

  for (const { phone, label } of sizes) {
    it(`chats from a character page once signed in (${label}), the greeting as the page showed it`, async () => {
      const page = phone ? await newPage({ phone }) : await desktop(await newPage());
      await signUpAt(page, 'reader');
      await homeWithSeededCards(page);
      await page.getByRole('button', { name: `View ${FIRST_CHARACTER}` }).click();
      await page.getByRole('link', { name: 'Open page' }).click();
      const greeting = (await page.getByRole('region', { name: 'First message' }).innerText()).replace(/^First message\s*/, '').trim();
      await page.getByRole('button', { name: 'Chat', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/recent-chat');
      await page.getByPlaceholder('Type a message').waitFor();
      await page.getByRole('log').getByText(greeting.slice(0, 40)).first().waitFor();
      await page.context().close();
    });
  }

  for (const { phone, label } of sizes) {
    it(`takes a card from submission to the gallery through review, credits its creator, and takes reports (${label})`, async () => {
      // As long as a handle may be: on a phone it must wrap after an underscore, never mid-word.
      const handle = `maker_${Date.now().toString(36)}_of_lighthouses`.slice(0, 30);
      const name = `Harbor Keeper ${Date.now().toString(36)}`;
      const open = async () => (phone ? newPage({ phone }) : desktop(await newPage()));
      const creator = await open();
      await signUpAt(creator, 'maker');
      await chooseHandle(creator, handle);
      expect(await seriousViolations(creator, 'main')).toEqual([]);
      const fileId = await uploadCard(
        creator,
        testCardPng({
          name,
          description: 'Keeps the lighthouse.',
          creator_notes: 'Try <script>alert(1)</script> *asking* about storms.',
          tags: ['Mystery'],
        }),
        'keeper.png',
      );

      // Submitted from its page: rating, then review.
      await creator.goto(`/characters/${fileId}`);
      await creator.getByRole('region', { name: "Creator's notes" }).getByText('Try <script>alert(1)</script>').waitFor();
      await creator.getByRole('button', { name: 'Submit to the gallery' }).click();
      const dialog = creator.getByRole('dialog', { name: `Submit ${name} to the gallery` });
      await dialog.getByText(`credited to @${handle}`).waitFor();
      expect(await seriousViolations(creator, 'dialog')).toEqual([]);
      await dialog.getByRole('button', { name: 'Submit for review' }).click();
      await creator.getByText('Waiting for review by an administrator.').waitFor();

      // An administrator, in another browser, approves it.
      const admin = await open();
      await admin.goto('/profile');
      await signInAsAdministrator(admin);
      await admin.getByRole('heading', { name: 'Profile Settings' }).waitFor();
      // Listed for administrators only; on a phone the sidebar is a drawer.
      if (phone) await admin.getByRole('button', { name: 'Open menu' }).click();
      await admin.getByRole('link', { name: 'Review' }).click();
      const entry = admin.getByRole('listitem', { name });
      await entry.waitFor();
      expect(await entry.innerText()).toContain(`by @${handle}`);
      // A closed disclosure says it opens: a chevron before its label.
      const chevron = await entry
        .locator('summary')
        .first()
        .evaluate((summary) => getComputedStyle(summary, '::before').borderRightWidth);
      expect(chevron).toBe('2px');
      expect(await seriousViolations(admin)).toEqual([]);
      await screenshot(admin, `review-queue-${label}`);
      await entry.getByRole('button', { name: 'Approve' }).click();
      await entry.waitFor({ state: 'detached' });

      // On Home under Newest, credited; and on the creator's page.
      await creator.goto('/');
      await creator.getByRole('link', { name: 'Newest' }).click();
      const tile = creator.getByRole('article', { name });
      await tile.waitFor();
      await tile.getByRole('link', { name: `@${handle}` }).click();
      await creator.waitForURL((url) => url.pathname === `/@${handle}`);
      const heading = creator.getByRole('heading', { level: 1, name: `@${handle}` });
      await heading.waitFor();
      // Each piece between the places it may wrap (after an underscore) sits on one line.
      const splitPieces = await heading.evaluate(
        (h1) =>
          [...h1.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE && node.textContent !== '')
            .filter((node) => {
              const range = document.createRange();
              range.selectNodeContents(node);
              return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
            }).length,
      );
      expect(splitPieces).toBe(0);
      expect(await horizontalOverflow(creator)).toBeLessThanOrEqual(0);
      await creator.getByText('I write <b>cozy</b> mysteries.').waitFor();
      await creator.getByRole('article', { name }).waitFor();
      expect(await seriousViolations(creator)).toEqual([]);
      await screenshot(creator, `creator-page-${label}`);

      // Someone on the other kind of screen reports it; it lands in the administrators' queue.
      const reporter = phone ? await desktop(await newPage()) : await newPage({ phone: true });
      await signUpAt(reporter, 'reporter');
      await reporter.goto(`/characters/${fileId}`);
      await reporter.getByRole('button', { name: 'Report', exact: true }).click();
      const report = reporter.getByRole('dialog', { name: `Report ${name}` });
      await report.getByLabel('Spam or advertising').check();
      await report.getByLabel('Anything the administrators should know (optional)').fill('Posted three times today.');
      expect(await seriousViolations(reporter, 'dialog')).toEqual([]);
      await report.getByRole('button', { name: 'Send report' }).click();
      await report.getByText('Thank you. The administrators will look at this character.').waitFor();
      expect(await horizontalOverflow(reporter)).toBeLessThanOrEqual(0);

      await admin.reload();
      const reported = admin.getByRole('listitem', { name: `Report of ${name}` });
      await reported.waitFor();
      expect(await reported.innerText()).toContain('Posted three times today.');
      await reported.getByRole('button', { name: 'Dismiss' }).click();
      await reported.waitFor({ state: 'detached' });
      for (const page of [creator, admin, reporter]) await page.context().close();
    });
  }
});
