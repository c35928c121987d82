/**
 * Figure 21: a character page's first view on figure 11's slow phone (Lighthouse mobile:
 * CPU 4× slower, 150 ms round trips, 1.6 Mbps; 390×844, a fresh profile each run): from navigation
 * to the first frame painted with the character's portrait decoded and its name on screen, a link
 * someone shared opened by a visitor. Medians of three.
 */
import type { Page } from 'playwright-core';
import type { Session } from './lib/session';
import { median, ms, repeat } from './lib/stats';
import type { Row } from './lib/table';
import { throttled } from './slow-phone';

const RUNS = 3;

/** Resolves once the portrait is decoded and the name shown, and a frame painted with them; performance.now() then. */
const PORTRAIT_AND_NAME = `new Promise((resolve, reject) => {
  const check = () => {
    const name = document.querySelector('h1#character-name');
    const image = document.querySelector('img[alt^="Portrait of"]');
    if (name && image && image.complete && image.naturalWidth > 0 && !image.currentSrc.includes('default-avatar')) {
      requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
    } else if (performance.now() > 60000) {
      reject(new Error('the character page never showed its portrait and name'));
    } else {
      requestAnimationFrame(check);
    }
  };
  check();
})`;

async function visit(session: Session, url: string): Promise<number> {
  const context = await session.browser.newContext({
    baseURL: session.server.baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const { page } = await throttled(context);
    await page.goto(url, { waitUntil: 'commit' });
    return await (page as Page).evaluate<number>(PORTRAIT_AND_NAME);
  } finally {
    await context.close();
  }
}

export async function characterPageFigures(session: Session): Promise<Row[]> {
  const url = `/characters/${encodeURIComponent(session.card.fileId)}`;
  const times = await repeat(RUNS, () => visit(session, url));
  const value = median(times);
  return [
    {
      n: '21',
      figure: `A character page's first view (a shared link, a visitor), ${'Lighthouse mobile (CPU 4×, 150 ms RTT, 1.6 Mbps), 390×844, fresh profile'}: to portrait and name`,
      value: ms(value),
      goal: '≤ 2.5 s',
      anchor: "figure 11's Home first card on the same phone",
      pass: value <= 2500,
    },
  ];
}
