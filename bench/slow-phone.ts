/**
 * Figure 11: the first visit on a slow phone. Chromium at 390×844 with Lighthouse's mobile
 * conditions through CDP (CPU 4× slower, 150 ms round trips, 1.6 Mbps), a fresh profile each run:
 * - the first card with its image on screen (navigation start to the first frame painted with the
 *   first gallery tile's thumbnail decoded);
 * - the repeat visit in the same profile once the service worker controls it;
 * - the bytes on the wire before the first card, the JavaScript among them, and the whole first visit
 *   with the service worker's precache.
 * Side by side, alternating, with a bare static server sending the same dist/ compressed and passing
 * the API through (bench/lib/bare-static.ts). Medians of three.
 */
import type { BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import { serviceWorkerInControl } from '../tests/e2e/page-checks';
import { startBareStatic } from './lib/bare-static';
import { throttleLikeLighthouseMobile, throttleServiceWorkers } from './lib/browser';
import type { Session } from './lib/session';
import { median, ms, repeat } from './lib/stats';
import type { Row } from './lib/table';

const RUNS = 3;
const KiB = 1024;
const CPU_SLOWDOWN = 4;

/** What one first visit (and its repeat) measured. */
interface Visit {
  firstCardMs: number;
  repeatMs: number;
  /** Bytes transferred (headers and encoded bodies) before the first card, all and scripts only. */
  bytesBeforeCard: number;
  jsBeforeCard: number;
  /** Everything the first visit transferred until the service worker controlled the page, precache included. */
  bytesWholeVisit: number;
}

/**
 * Resolves in the page once the first gallery tile's thumbnail is decoded and a frame has been
 * painted with it; returns performance.now() then (since navigation start). A string, because tsx
 * would wrap a named function in a `__name` helper the page does not have.
 */
const FIRST_CARD_PAINTED = `new Promise((resolve, reject) => {
  const check = () => {
    const image = document.querySelector('article img[srcset]');
    if (image && image.complete && image.naturalWidth > 0 && !image.currentSrc.includes('default-avatar')) {
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    } else if (performance.now() > 60000) {
      reject(new Error('the first card never showed its image'));
    } else {
      requestAnimationFrame(check);
    }
  };
  check();
})`;

const firstCardPainted = (page: Page) => page.evaluate<number>(FIRST_CARD_PAINTED);

/** Resource Timing's transfer sizes of everything the page fetched up to `until`, the document included. */
function bytesUntil(page: Page, until: number): Promise<{ all: number; js: number }> {
  return page.evaluate((end) => {
    const entries = [
      ...performance.getEntriesByType('navigation'),
      ...performance.getEntriesByType('resource'),
    ] as PerformanceResourceTiming[];
    let all = 0;
    let js = 0;
    for (const entry of entries) {
      if (entry.responseEnd > end) continue;
      all += entry.transferSize;
      if (new URL(entry.name).pathname.endsWith('.js')) js += entry.transferSize;
    }
    return { all, js };
  }, until);
}

/** A page of `context` on Lighthouse's mobile network with the CPU 4× slower. */
export async function throttled(context: BrowserContext): Promise<{ page: Page; cdp: CDPSession }> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttleLikeLighthouseMobile(cdp);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp };
}

async function visit(session: Session, baseURL: string): Promise<Visit> {
  const context = await session.browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    // Every response of the visit, the service worker's precache too (Chromium reports its requests here).
    const finished: Promise<number>[] = [];
    context.on('requestfinished', (request: Request) =>
      finished.push(request.sizes().then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize)),
    );
    if (process.env.BENCH_DIAG)
      context.on('requestfinished', (r: Request) => {
        const t = r.timing();
        console.log(r.serviceWorker() ? 'SW ' : 'PG ', Math.round(t.startTime % 100000), Math.round(t.responseEnd), r.url().slice(-50));
      });
    const { page } = await throttled(context);
    await page.goto('/', { waitUntil: 'commit' });
    const firstCardMs = await firstCardPainted(page);
    const before = await bytesUntil(page, firstCardMs);
    await serviceWorkerInControl(page);
    const bytesWholeVisit = (await Promise.all(finished)).reduce((sum, size) => sum + size, 0);
    await page.goto('/', { waitUntil: 'commit' });
    const repeatMs = await firstCardPainted(page);
    return { firstCardMs, repeatMs, bytesBeforeCard: before.all, jsBeforeCard: before.js, bytesWholeVisit };
  } finally {
    await context.close();
  }
}

const kib = (bytes: number) => `${(bytes / KiB).toFixed(0)} KiB`;

function summary(visits: Visit[]) {
  const of = (pick: (visit: Visit) => number) => median(visits.map(pick));
  return {
    firstCardMs: of((v) => v.firstCardMs),
    repeatMs: of((v) => v.repeatMs),
    bytesBeforeCard: of((v) => v.bytesBeforeCard),
    jsBeforeCard: of((v) => v.jsBeforeCard),
    bytesWholeVisit: of((v) => v.bytesWholeVisit),
  };
}

export async function slowPhoneFigures(session: Session): Promise<Row[]> {
  const bare = await startBareStatic('dist', session.server.baseURL);
  const stopThrottlingWorkers = await throttleServiceWorkers(session.browser);
  try {
    const ours: Visit[] = [];
    const reference: Visit[] = [];
    await repeat(RUNS, async (run) => {
      const order = run % 2 ? [reference, ours] : [ours, reference];
      for (const side of order) side.push(await visit(session, side === ours ? session.server.baseURL : bare.baseURL));
    });
    if (process.env.BENCH_VERBOSE) console.log({ ours, reference });
    const a = summary(ours);
    const b = summary(reference);
    const anchor = `bare static server, same files compressed: first card ${ms(b.firstCardMs)}, repeat ${ms(b.repeatMs)}, ${kib(b.bytesBeforeCard)} (JS ${kib(b.jsBeforeCard)}) before it, ${kib(b.bytesWholeVisit)} in all`;
    const conditions = 'Lighthouse mobile (CPU 4×, 150 ms RTT, 1.6 Mbps), 390×844, fresh profile';
    return [
      {
        n: '11',
        figure: `First card with its image, ${conditions}`,
        value: ms(a.firstCardMs),
        goal: '≤ 2.5 s',
        anchor,
        pass: a.firstCardMs <= 2500,
      },
      {
        n: '11',
        figure: 'Same profile, repeat visit served by the service worker',
        value: ms(a.repeatMs),
        goal: '≤ 1 s',
        anchor,
        pass: a.repeatMs <= 1000,
      },
      {
        n: '11',
        figure: 'JS on the wire before the first card',
        value: kib(a.jsBeforeCard),
        goal: '≤ 170 KiB',
        anchor,
        pass: a.jsBeforeCard <= 170 * KiB,
      },
      {
        n: '11',
        figure: 'All bytes on the wire before the first card; the whole first visit with the precache',
        value: `${kib(a.bytesBeforeCard)}; ${kib(a.bytesWholeVisit)}`,
        goal: '—',
        anchor,
        pass: undefined,
      },
    ];
  } finally {
    await stopThrottlingWorkers();
    await bare.close();
  }
}
