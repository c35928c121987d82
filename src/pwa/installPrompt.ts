/**
 * Keeps the browser's install offer (`beforeinstallprompt`, Chromium only) so the app can show its own
 * "Install app" button instead of the browser's mini-infobar, and exposes it as a store for
 * useSyncExternalStore. Browsers without the event (Safari, Firefox) simply never show the button.
 */

import { createStore } from '../lib/store';

/** Not in TypeScript's DOM lib: the event is non-standard. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform: string }>;
}

export interface InstallState {
  /** The browser offers installation right now. */
  canInstall: boolean;
}

let deferred: BeforeInstallPromptEvent | null = null;
const install = createStore<InstallState>({ canInstall: false }, (a, b) => a.canInstall === b.canInstall);
let listening = false;

function setDeferred(event: BeforeInstallPromptEvent | null): void {
  deferred = event;
  install.set({ canInstall: event !== null });
}

/**
 * Starts capturing the offer; idempotent. Runs when this module loads, because the browser fires the
 * event once per page load, possibly before any React component is mounted.
 */
export function listenForInstallPrompt(target: Window = window): void {
  if (listening) return;
  listening = true;
  target.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault(); // keeps the browser's own infobar away; our button shows instead
    setDeferred(event as BeforeInstallPromptEvent);
  });
  // Installed (through our button or the browser's menu): the offer is spent.
  target.addEventListener('appinstalled', () => setDeferred(null));
}

export const subscribeToInstall = install.subscribe;
export const getInstallSnapshot = install.get;

/** Shows the browser's install dialog. An offer can be used once, whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  setDeferred(null);
  await event.prompt();
  const { outcome } = await event.userChoice;
  return outcome;
}

if (typeof window !== 'undefined') listenForInstallPrompt();
