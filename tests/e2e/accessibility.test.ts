import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, signUp, uniqueEmail } from './browser';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: string[] }>;
}

/** Runs axe-core in the page (evaluate is not subject to the page's CSP) and returns serious and critical findings. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as Violation[];
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('accessibility (axe-core): no serious or critical violations', () => {
  it('on every public page, in dark and light mode, on a desktop and a phone', async () => {
    for (const phone of [false, true]) {
      const page = await newPage({ phone });
      for (const dark of [true, false]) {
        await page.goto('/');
        await page.evaluate((value) => localStorage.setItem('darkMode', String(value)), dark);
        for (const [path, heading] of [
          ['/', 'Find your next character'],
          ['/terms', 'Terms of Service'],
          ['/privacy', 'Privacy Policy'],
          ['/anti-slavery-policy', 'Anti-Slavery Policy'],
          ['/pricing', 'Plans'],
        ] as const) {
          await page.goto(path);
          await page.getByRole('heading', { level: 1, name: heading }).waitFor();
          expect(await seriousViolations(page), `${path} ${dark ? 'dark' : 'light'} ${phone ? 'phone' : 'desktop'}`).toEqual([]);
        }
      }
      await page.context().close();
    }
  });

  it('on the sign-up and sign-in pages and on the signed-in profile', async () => {
    const page = await newPage({ phone: true });
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(await seriousViolations(page), 'sign-in').toEqual([]);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('button', { name: 'Create account' }).waitFor();
    expect(await seriousViolations(page), 'sign-up').toEqual([]);
    await signUp(page, { name: 'Axe Tester', email: uniqueEmail('axe'), password: 'accessible-by-default-1' });
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    expect(await seriousViolations(page), 'profile').toEqual([]);
    await page.getByRole('button', { name: /Axe Tester/ }).click();
    await page.getByRole('menu').waitFor();
    expect(await seriousViolations(page), 'user menu open').toEqual([]);
    await page.context().close();
  });
});
