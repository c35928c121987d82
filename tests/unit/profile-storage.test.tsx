import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StorageUsage } from '@core/contract';

const getStorageUsage = vi.fn<() => Promise<StorageUsage>>();
vi.mock('../../src/api/users', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/users')>()),
  getStorageUsage: () => getStorageUsage(),
}));
vi.mock('@tanstack/react-router', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@tanstack/react-router')>()),
  Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a>,
}));

const { StorageField } = await import('../../src/features/profile/StorageField');

const MB = 1024 * 1024;
const usage = (used: number): StorageUsage => ({
  plan: 'normal',
  used_bytes: used,
  quota_bytes: 250 * MB,
  cards_bytes: Math.round(used / 4),
  chats_bytes: used - Math.round(used / 4),
  portraits_bytes: 0,
});

const online = (value: boolean) => Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });

afterEach(cleanup);
beforeEach(() => {
  getStorageUsage.mockReset();
  online(true);
});

const field = () =>
  render(
    <dl>
      <StorageField />
    </dl>,
  );

describe("Profile's storage field", () => {
  it("says 'X of Y' with a meter and what takes the room", async () => {
    getStorageUsage.mockResolvedValue(usage(12 * MB));
    field();
    expect(await screen.findByText('12 MB of 250 MB')).toBeTruthy();
    const meter = screen.getByRole('meter', { name: 'Storage' });
    expect(meter.getAttribute('value')).toBe(String(12 * MB));
    expect(meter.getAttribute('max')).toBe(String(250 * MB));
    expect(screen.getByText('Cards 3 MB · Chats 9 MB')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Pricing' })).toBeNull();
  });

  it('points at Pricing once the account is nearly full', async () => {
    getStorageUsage.mockResolvedValue(usage(240 * MB));
    field();
    const hint = await screen.findByText(/Running out of room/);
    expect(within(hint).getByRole('link', { name: 'Pricing' }).getAttribute('href')).toBe('/pricing');
  });

  it('asks nothing offline, and says why there is no figure', async () => {
    online(false);
    field();
    expect(await screen.findByText('Shown when you are online')).toBeTruthy();
    expect(getStorageUsage).not.toHaveBeenCalled();
  });
});
