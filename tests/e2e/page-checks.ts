import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** Checks several e2e files make on a page: accessibility, sideways scrolling, the service worker. */

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/**
 * Runs axe-core in the page (evaluate is not subject to the page's CSP) and returns serious and
 * critical findings, in the whole page or only within the elements `within` selects.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(context?: unknown): Promise<{ violations: unknown[] }> } }).axe;
    return (await (selector ? axe.run({ include: [[selector]] }) : axe.run())).violations;
  }, within)) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How far the page scrolls sideways; 0 or less means it fits. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** Waits until the service worker has installed (precache filled) and controls the page. */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}
