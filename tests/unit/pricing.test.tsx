import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PricingPage } from '../../src/features/pricing/PricingPage';

const CHECKOUT_URL = 'https://pay.example.com/checkout/monthly';

afterEach(cleanup);

function card(name: string): HTMLElement {
  return screen.getByRole('article', { name });
}

function text(element: HTMLElement): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ');
}

function enabledButtons(): HTMLElement[] {
  return screen.getAllByRole('button').filter((button) => !(button as HTMLButtonElement).disabled);
}

describe('PricingPage', () => {
  it('shows one h1 and the four plans with their prices, savings and slots', () => {
    render(<PricingPage checkoutUrl={null} currentPlan={null} />);

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'Free',
      'Monthly',
      'Quarterly',
      'Yearly',
    ]);

    expect(text(card('Free'))).toContain('$0 forever');
    expect(text(card('Free'))).toContain('5 private card slots');
    expect(text(card('Monthly'))).toContain('$19/month');
    expect(text(card('Monthly'))).toContain('50 private card slots');
    expect(text(card('Monthly'))).toContain('Most popular');
    expect(text(card('Quarterly'))).toContain('$43 per 3 months');
    expect(text(card('Quarterly'))).toContain('Save $14');
    expect(text(card('Quarterly'))).toContain('100 private card slots');
    expect(text(card('Yearly'))).toContain('$119/year');
    expect(text(card('Yearly'))).toContain('Save $109/year');
    expect(text(card('Yearly'))).toContain('Unlimited private card slots');
  });

  it("states each plan's storage, from the limits the server enforces", () => {
    render(<PricingPage checkoutUrl={null} currentPlan="normal" />);
    expect(text(card('Free'))).toContain('250 MB of storage for cards and chats');
    expect(text(card('Monthly'))).toContain('2 GB of storage for cards and chats');
    expect(text(card('Quarterly'))).toContain('5 GB of storage for cards and chats');
    expect(text(card('Yearly'))).toContain('10 GB of storage for cards and chats');
  });

  it('enables only the Monthly button; Free is the current plan and the others are coming soon', () => {
    render(<PricingPage checkoutUrl={null} currentPlan="normal" />);

    expect(enabledButtons().map((b) => b.textContent)).toEqual(['Upgrade to Monthly']);
    expect(within(card('Free')).getByRole('button', { name: /current plan/i })).toHaveProperty('disabled', true);
    expect(within(card('Quarterly')).getByRole('button', { name: 'Coming soon' })).toHaveProperty('disabled', true);
    expect(within(card('Yearly')).getByRole('button', { name: 'Coming soon' })).toHaveProperty('disabled', true);
  });

  it('shows a visitor (signed out) no current plan, and a user without a plan value Free', () => {
    render(<PricingPage checkoutUrl={null} currentPlan={null} />);
    expect(screen.queryByText(/current plan/i)).toBeNull();
    expect(within(card('Free')).getByRole('button', { name: 'Free with every account' })).toHaveProperty('disabled', true);
    cleanup();
    render(<PricingPage checkoutUrl={null} currentPlan="" />);
    expect(within(card('Free')).getByRole('button', { name: /current plan/i })).toBeTruthy();
  });

  it('sells nothing the Free plan already does: export is listed under Free, not Monthly', () => {
    render(<PricingPage checkoutUrl={null} currentPlan="normal" />);
    expect(text(card('Free'))).toMatch(/export/i);
    expect(text(card('Monthly'))).not.toMatch(/export/i);
    expect(text(card('Monthly'))).toContain('Custom character images');
  });

  it('lists only what each plan really gets: making characters is Free, changing their pictures paid, no promise nothing keeps', () => {
    render(<PricingPage checkoutUrl={null} currentPlan="normal" />);
    expect(text(card('Free'))).toContain('Custom character creation');
    expect(text(card('Free'))).not.toContain('Custom character images');
    expect(text(card('Yearly'))).not.toContain('Custom character creation');
    for (const plan of ['Monthly', 'Quarterly', 'Yearly']) {
      expect(text(card(plan))).toMatch(/Everything in (Free|Monthly|Quarterly)/);
      for (const untrue of ['Priority support', 'Early access', 'Advanced customization']) expect(text(card(plan))).not.toContain(untrue);
    }
  });

  it('marks a paid current plan and leaves nothing to buy for a Monthly user', () => {
    render(<PricingPage checkoutUrl={CHECKOUT_URL} currentPlan="monthly" />);

    expect(within(card('Monthly')).getByRole('button', { name: /current plan/i })).toHaveProperty('disabled', true);
    expect(within(card('Free')).queryByRole('button', { name: /current plan/i })).toBeNull();
    expect(screen.queryByRole('link', { name: /upgrade/i })).toBeNull();
    expect(enabledButtons()).toHaveLength(0);
  });

  it('opens CHECKOUT_URL in a new tab from Monthly when it is set', () => {
    render(<PricingPage checkoutUrl={CHECKOUT_URL} currentPlan="normal" />);

    const link = within(card('Monthly')).getByRole('link', { name: /upgrade to monthly/i });
    expect(link.getAttribute('href')).toBe(CHECKOUT_URL);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(enabledButtons()).toHaveLength(0);
    expect(screen.queryByText(/aren't available on this server/i)).toBeNull();
  });

  it('says upgrades are not available yet and how to reach support when there is no checkout, never an operator command', () => {
    render(<PricingPage checkoutUrl={null} currentPlan="normal" />);

    const button = within(card('Monthly')).getByRole('button', { name: 'Upgrade to Monthly' });
    const explanation = screen.getByText("Upgrades aren't available on this server yet.").parentElement!;
    expect(button.getAttribute('aria-controls')).toBe(explanation.id);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(explanation.hidden).toBe(true);

    fireEvent.click(button);

    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(explanation.hidden).toBe(false);
    expect(within(explanation).getByRole('link', { name: 'support@cardchat.app' }).getAttribute('href')).toBe(
      'mailto:support@cardchat.app',
    );
    expect(document.body.textContent).not.toMatch(/npm|set-plan|administrator|command/i);
    expect(screen.queryByRole('link', { name: /upgrade/i })).toBeNull();
  });

  it('shows the beta banner and the 30-day money-back guarantee', () => {
    render(<PricingPage checkoutUrl={null} currentPlan={null} />);

    expect(text(screen.getByRole('note'))).toMatch(/cardchat is in beta/i);
    const guarantee = screen.getByRole('region', { name: '30-Day Money-Back Guarantee' });
    expect(text(guarantee)).toMatch(/within 30 days .* refund/i);
  });
});
