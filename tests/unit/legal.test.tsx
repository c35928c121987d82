import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import type { FunctionComponent } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AntiSlaveryPolicyPage } from '../../src/features/legal/AntiSlaveryPolicyPage';
import { PrivacyPage } from '../../src/features/legal/PrivacyPage';
import { TermsPage } from '../../src/features/legal/TermsPage';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The pages' Back to Home is a router Link, so they render inside a minimal memory router. */
async function renderPage(Page: FunctionComponent): Promise<string> {
  const routeTree = createRootRoute({ component: Page });
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: ['/'] }) });
  render(<RouterProvider router={router} />);
  await screen.findByRole('heading', { level: 1 });
  return (document.body.textContent ?? '').replace(/\s+/g, ' ');
}

function h2s(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent ?? '');
}

function expectBackToHome() {
  expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
}

describe('TermsPage', () => {
  it('covers age, notice of price changes, cancellation, refunds and arbitration', async () => {
    const text = await renderPage(TermsPage);

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Terms of Service']);
    expect(text).toContain('Last updated November 21, 2026');
    expect(h2s()).toEqual(
      expect.arrayContaining(['Eligibility', 'Paid plans and payments', 'Dispute resolution and arbitration', 'Contact']),
    );
    expect(text).toContain('at least 13 years old');
    expect(text).toMatch(/under 18.*permission of a parent or legal guardian/);
    expect(text).toMatch(/at least 18 years old to upload/);
    expect(text).toContain('at least 30 days');
    expect(text).toContain('cancel at any time');
    expect(text).toMatch(/30-day money-back guarantee/i);
    expect(text).toContain('binding arbitration');
    expect(text).toContain('small-claims court');
    expect(screen.getByRole('link', { name: 'support@cardchat.app' }).getAttribute('href')).toBe('mailto:support@cardchat.app');
    expectBackToHome();
  });
});

describe('PrivacyPage', () => {
  it('states the 30-day response target, no sale of data and the under-13 rule', async () => {
    const text = await renderPage(PrivacyPage);

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Privacy Policy']);
    expect(text).toContain('Last updated November 21, 2026');
    expect(h2s()).toEqual(expect.arrayContaining(['What we collect', 'Sharing', 'Your rights', 'Children']));
    expect(text).toContain('We do not sell your personal data');
    expect(text).toContain('respond to every request within 30 days');
    expect(text).toMatch(/access, correct, delete or export/);
    expect(text).toContain('not for children under 13');
    expect(text).toContain('local storage');
    expectBackToHome();
  });
});

describe('AntiSlaveryPolicyPage', () => {
  it('has the required sections in order and today as its Last updated date', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 2, 5, 12));
    const text = await renderPage(AntiSlaveryPolicyPage);

    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Anti-Slavery Policy']);
    expect(text).toContain('Last updated March 5, 2027');
    expect(h2s()).toEqual([
      'Introduction',
      'Our business',
      'Our policy',
      'Due diligence',
      'Training',
      'Reporting concerns',
      'Compliance',
      'Review',
      'Contact',
      'Conclusion',
    ]);
    expect(text).toContain('UK Modern Slavery Act 2015');
    expect(text).toContain('annually');
    expect(text).toContain('support@cardchat.app');
    expectBackToHome();
  });
});
