/**
 * Figure 7: reloading /recent-chat with the long chat open, under Lighthouse's mobile throttling
 * (CDP, 150 ms RTT, 1.6 Mbps), served by the service worker beside served by the network (a context
 * of the same user with service workers blocked and the HTTP cache off), alternating in one run.
 * Timed from navigation start to the newest message painted.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { paintedWith, throttleLikeLighthouseMobile } from './lib/browser';
import type { Session } from './lib/session';
import { median, ms, repeat } from './lib/stats';
import type { Row } from './lib/table';

const RUNS = 5;

async function throttledPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttleLikeLighthouseMobile(cdp);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return page;
}

async function load(page: Page, path: string, newestText: string): Promise<number> {
  await page.goto(path, { waitUntil: 'commit' });
  return paintedWith(page, newestText);
}

export async function reloadFigures(session: Session, chatId: string, newestText: string): Promise<Row[]> {
  const path = `/recent-chat?chat=${chatId}`;
  // The same user's tokens, so both show the same chat; the access token outlives the bench run,
  // so neither context refreshes (a rotated refresh token would sign the other out).
  const networkContext = await session.browser.newContext({
    baseURL: session.server.baseURL,
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
    storageState: await session.context.storageState(),
  });
  try {
    const fromWorker = await throttledPage(session.context);
    const fromNetwork = await throttledPage(networkContext);
    // Warm-up: each side's first visit fills its own database, as a returning user's would be.
    await load(fromWorker, path, newestText);
    await load(fromNetwork, path, newestText);
    const pairs = await repeat(RUNS, async (run) => {
      if (run % 2) {
        const network = await load(fromNetwork, path, newestText);
        return { worker: await load(fromWorker, path, newestText), network };
      }
      const worker = await load(fromWorker, path, newestText);
      return { worker, network: await load(fromNetwork, path, newestText) };
    });
    await fromWorker.close();
    const worker = median(pairs.map((pair) => pair.worker));
    const network = median(pairs.map((pair) => pair.network));
    const ratio = worker / network;
    return [
      {
        n: '7',
        figure: 'Reload of /recent-chat (long chat open), Lighthouse mobile throttling: service worker vs network',
        value: `${ratio.toFixed(2)}× (${ms(worker)} vs ${ms(network)})`,
        goal: '≤ 0.2×',
        anchor: '—',
        pass: ratio <= 0.2,
      },
    ];
  } finally {
    await networkContext.close();
  }
}
