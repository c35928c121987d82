import { useSyncExternalStore } from 'react';

/** The spec's stored preference: dark unless the stored value is exactly false. */
const KEY = 'darkMode';
const listeners = new Set<() => void>();

export function isDarkMode(): boolean {
  return localStorage.getItem(KEY) !== 'false';
}

export function applyTheme(dark = isDarkMode()): void {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0f1117' : '#f6f7fb');
}

export function setDarkMode(dark: boolean): void {
  localStorage.setItem(KEY, String(dark));
  applyTheme(dark);
  listeners.forEach((listener) => listener());
}

export function useDarkMode(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isDarkMode,
    () => true,
  );
}
