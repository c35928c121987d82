/**
 * Debian's Chromium via playwright-core, and the one sign-up per run the browser figures share.
 * The launch flags and the sign-up form come from tests/e2e/chromium.ts, the vitest-free half of
 * the tests' browser helpers.
 */
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from 'playwright-core';
import { serviceWorkerInControl } from '../../tests/e2e/page-checks';
import { CHROMIUM_ARGS, CHROMIUM_PATH, fillSignUp } from '../../tests/e2e/chromium';

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });

const TOKENS_KEY = 'cardchat.tokens';

/**
 * Signs up a new account on the embedded provider from /recent-chat's 'Go to Login', and waits
 * until the service worker controls the page, so later reloads can be served by it.
 */
export async function signUpInBrowser(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/recent-chat');
  await page.getByRole('button', { name: 'Go to Login' }).click();
  await fillSignUp(page, {
    name: 'Bench Reader',
    email: `bench-${Date.now().toString(36)}@example.test`,
    password: 'measured-honestly-42',
  });
  await page.getByText('Please select a chat to start conversation').waitFor();
  await serviceWorkerInControl(page);
  return page;
}

/** The signed-in user's access token, as the app keeps it. */
export async function accessTokenOf(page: Page): Promise<string> {
  const raw = await page.evaluate((key) => localStorage.getItem(key), TOKENS_KEY);
  if (!raw) throw new Error('no tokens in localStorage: the sign-up did not finish');
  return (JSON.parse(raw) as { accessToken: string }).accessToken;
}

/** Lighthouse's mobile network: 150 ms RTT, 1.6 Mbps down and up. */
const LIGHTHOUSE_MOBILE_NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 200_000 };

/** Lighthouse's mobile throttling of one page's network. */
export async function throttleLikeLighthouseMobile(cdp: CDPSession): Promise<void> {
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', LIGHTHOUSE_MOBILE_NETWORK);
}

/**
 * The same network for every service worker the browser starts from now on. CDP throttles per
 * target, and a page's conditions do not reach its worker: unthrottled, a precache would look free.
 * (Each target still gets a link of its own, so a worker competing with its page is understated.)
 * Browser-level auto-attach speaks only the flat protocol, which playwright's CDPSession cannot
 * address, so each new worker is attached by hand and spoken to through sendMessageToTarget.
 * Returns the function that stops throttling workers started later.
 */
export async function throttleServiceWorkers(browser: Browser): Promise<() => Promise<void>> {
  const cdp = await browser.newBrowserCDPSession();
  let id = 0;
  cdp.on('Target.targetCreated', ({ targetInfo }) => {
    if (targetInfo.type !== 'service_worker') return;
    void (async () => {
      const { sessionId } = await cdp.send('Target.attachToTarget', { targetId: targetInfo.targetId, flatten: false });
      for (const [method, params] of [
        ['Network.enable', {}],
        ['Network.emulateNetworkConditions', LIGHTHOUSE_MOBILE_NETWORK],
      ] as const) {
        await cdp.send('Target.sendMessageToTarget', { sessionId, message: JSON.stringify({ id: ++id, method, params }) });
      }
    })().catch(() => undefined); // a worker that ended meanwhile has nothing left to throttle
  });
  await cdp.send('Target.setDiscoverTargets', { discover: true });
  return () => cdp.detach();
}

/**
 * Resolves (in the page) once the chat log shows `text` and a frame has been painted with it, and
 * returns performance.now() at that moment: since the document's navigation start.
 * No named functions inside: tsx compiles them with a `__name` helper the page does not have.
 */
export async function paintedWith(page: Page, text: string, timeoutMs = 60_000): Promise<number> {
  return page.evaluate(
    ([wanted, timeout]) =>
      new Promise<number>((resolve, reject) => {
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[role="log"]')?.textContent?.includes(wanted)) return;
          observer.disconnect();
          // The frame after the change is the one that paints it; the task after it runs once painted.
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
        });
        observer.observe(document.documentElement, { childList: true, subtree: true, characterData: true });
        if (document.querySelector('[role="log"]')?.textContent?.includes(wanted)) {
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
        }
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`'${wanted}' never appeared in the chat log`));
        }, timeout);
      }),
    [text, timeoutMs] as const,
  );
}
