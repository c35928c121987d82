/**
 * Figure 1: the JavaScript a first visit loads before Home shows its cards (gzip -9 of each
 * script, counted when its request was made before the first card was on screen), and the service
 * worker's size. Sizes, not timings: one run is exact.
 */
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Response } from 'playwright-core';
import type { Session } from './lib/session';
import { kB } from './lib/stats';
import type { Row } from './lib/table';

const ANCHOR = 'SillyTavern loads about 1.1 MiB gzip of JS; a 300–350 kB mobile budget';

export async function bundleFigures(session: Session): Promise<Row[]> {
  const context = await session.browser.newContext({
    baseURL: session.server.baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
  });
  try {
    const page = await context.newPage();
    let cardsShown = false;
    const scripts: Promise<number>[] = [];
    const urls: string[] = [];
    page.on('response', (response: Response) => {
      if (cardsShown || response.request().resourceType() !== 'script') return;
      urls.push(response.url());
      scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto('/');
    await page
      .getByRole('button', { name: /^Chat with / })
      .first()
      .waitFor();
    cardsShown = true;
    const homeJs = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
    if (process.env.BENCH_VERBOSE) console.log(urls.join('\n'));
    const sw = gzipSync(fs.readFileSync('dist/sw.js'), { level: 9 }).length;
    return [
      {
        n: '1',
        figure: `JS loaded before Home shows its cards, gzip (${urls.length} files)`,
        value: kB(homeJs),
        goal: '≤ 150 kB',
        anchor: ANCHOR,
        pass: homeJs <= 150 * 1024,
      },
      { n: '1', figure: 'Service worker (dist/sw.js), gzip', value: kB(sw), goal: '≤ 15 kB', anchor: ANCHOR, pass: sw <= 15 * 1024 },
    ];
  } finally {
    await context.close();
  }
}
