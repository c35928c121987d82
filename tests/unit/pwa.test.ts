import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type Listener = (event: { isUpdate?: boolean }) => void;

/** Stands in for workbox-window's Workbox: records listeners and lets the test fire its events. */
function fakeWorkbox() {
  const listeners: Record<string, Listener[]> = {};
  return {
    addEventListener: (type: string, listener: Listener) => {
      (listeners[type] ??= []).push(listener);
    },
    messageSkipWaiting: vi.fn(),
    fire: (type: string, event: { isUpdate?: boolean } = {}) => listeners[type]?.forEach((listener) => listener(event)),
  };
}

// Each test gets fresh module state (the stores are module singletons).
beforeEach(() => vi.resetModules());
afterEach(cleanup);

describe('the update prompt store', () => {
  it('tells subscribers when a new version is waiting, once', async () => {
    const pwa = await import('../../src/pwa/registerServiceWorker');
    const wb = fakeWorkbox();
    pwa.connectWorkbox(wb, vi.fn());
    const listener = vi.fn();
    pwa.subscribeToUpdate(listener);
    const before = pwa.getUpdateSnapshot();
    expect(before.updateReady).toBe(false);

    wb.fire('waiting');
    wb.fire('waiting');
    expect(pwa.getUpdateSnapshot().updateReady).toBe(true);
    expect(pwa.getUpdateSnapshot()).not.toBe(before);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('asks the waiting worker to skip waiting on Reload, then reloads when it takes control', async () => {
    const pwa = await import('../../src/pwa/registerServiceWorker');
    const wb = fakeWorkbox();
    const reload = vi.fn();
    pwa.connectWorkbox(wb, reload);

    pwa.applyUpdate(); // nothing waiting yet: nothing to do
    expect(wb.messageSkipWaiting).not.toHaveBeenCalled();

    wb.fire('waiting');
    pwa.applyUpdate();
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    wb.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload when the first worker claims the page on first install', async () => {
    const pwa = await import('../../src/pwa/registerServiceWorker');
    const wb = fakeWorkbox();
    const reload = vi.fn();
    pwa.connectWorkbox(wb, reload);
    wb.fire('controlling', {});
    expect(reload).not.toHaveBeenCalled();
  });

  it('registers nothing outside production builds', async () => {
    const pwa = await import('../../src/pwa/registerServiceWorker');
    const register = vi.fn();
    vi.stubGlobal('navigator', { ...navigator, serviceWorker: { register } });
    await pwa.registerServiceWorker();
    vi.unstubAllGlobals();
    expect(register).not.toHaveBeenCalled();
  });

  it('shows a "New version available" toast whose Reload button applies the update', async () => {
    const pwa = await import('../../src/pwa/registerServiceWorker');
    const { UpdatePrompt } = await import('../../src/features/shell/UpdatePrompt');
    const wb = fakeWorkbox();
    pwa.connectWorkbox(wb, vi.fn());
    render(createElement(UpdatePrompt));
    expect(screen.getByRole('status').textContent).toBe('');

    act(() => wb.fire('waiting'));
    expect(screen.getByRole('status').textContent).toContain('New version available');
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(wb.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });
});

/** A Chromium-style install offer. */
function installOffer(outcome: 'accepted' | 'dismissed') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  const prompt = vi.fn(async () => undefined);
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome, platform: 'web' }) });
  return { event, prompt };
}

describe('the install offer', () => {
  it('keeps the browser offer, shows "Install app", and spends the offer when used', async () => {
    const install = await import('../../src/pwa/installPrompt');
    const { InstallAppButton } = await import('../../src/features/shell/InstallAppButton');
    render(createElement(InstallAppButton));
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();

    const { event, prompt } = installOffer('accepted');
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true); // the browser's own infobar stays away
    expect(install.getInstallSnapshot().canInstall).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Install app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Install app' })).toBeNull();
    expect(await install.promptInstall()).toBe('unavailable');
  });

  it('forgets the offer once the app is installed', async () => {
    const install = await import('../../src/pwa/installPrompt');
    window.dispatchEvent(installOffer('dismissed').event);
    expect(install.getInstallSnapshot().canInstall).toBe(true);
    window.dispatchEvent(new Event('appinstalled'));
    expect(install.getInstallSnapshot().canInstall).toBe(false);
  });
});

interface ManifestImage {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
  form_factor?: string;
  label?: string;
}

const root = path.resolve(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(path.join(root, 'manifest.webmanifest'), 'utf8')) as {
  [key: string]: unknown;
  icons: ManifestImage[];
  screenshots: ManifestImage[];
  shortcuts: Array<{ name: string; url: string; icons: ManifestImage[] }>;
};

/** Checks that the file behind a manifest image exists in public/ with the declared pixel size. */
async function expectImageMatches(image: ManifestImage) {
  const meta = await sharp(path.join(root, 'public', image.src)).metadata();
  expect(`${meta.width}x${meta.height}`, image.src).toBe(image.sizes);
  expect(`image/${meta.format}`, image.src).toBe(image.type);
}

describe('the web app manifest', () => {
  it('has what installation needs', () => {
    expect(manifest).toMatchObject({
      id: '/',
      name: 'cardchat',
      short_name: 'cardchat',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0f1117',
      background_color: '#0f1117',
    });
    expect(manifest.description).toEqual(expect.any(String));
    const icons = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(icons).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
  });

  it('declares icons, screenshots and shortcut icons that exist with their declared sizes', async () => {
    for (const icon of manifest.icons) await expectImageMatches(icon);
    expect(manifest.screenshots.map((shot) => shot.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      expect(shot.label).toBeTruthy();
      await expectImageMatches(shot);
    }
    expect(manifest.shortcuts.map((shortcut) => shortcut.url)).toEqual(['/recent-chat', '/create', '/favorites']);
    for (const shortcut of manifest.shortcuts) {
      expect(shortcut.icons.map((icon) => icon.sizes)).toContain('96x96');
      for (const icon of shortcut.icons) await expectImageMatches(icon);
    }
    await expectImageMatches({ src: '/icons/apple-touch-icon.png', sizes: '180x180', type: 'image/png' });
    await expectImageMatches({ src: '/default-avatar.png', sizes: '512x768', type: 'image/png' });
  });

  it('is linked from index.html, whose only script is the module entry (the CSP allows no inline script)', () => {
    const html = readFileSync(path.join(root, 'index.html'), 'utf8');
    expect(html).toMatch(/<link rel="manifest" href="\/manifest\.webmanifest"/);
    expect(html).toMatch(/<link rel="apple-touch-icon" href="\/icons\/apple-touch-icon\.png" sizes="180x180"/);
    expect(html.match(/<script\b[^>]*>/g)).toEqual(['<script type="module" src="/src/main.tsx">']);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });
});
