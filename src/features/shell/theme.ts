import { createStore, useStore } from '../../lib/store';

/** The stored preference: dark unless the stored value is exactly false. */
const KEY = 'darkMode';

export function isDarkMode(): boolean {
  return localStorage.getItem(KEY) !== 'false';
}

const darkMode = createStore(isDarkMode());

export function applyTheme(dark = darkMode.get()): void {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light';
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', dark ? '#0f1117' : '#f6f7fb');
}

export function setDarkMode(dark: boolean): void {
  localStorage.setItem(KEY, String(dark));
  applyTheme(dark);
  darkMode.set(dark);
}

export function useDarkMode(): boolean {
  return useStore(darkMode);
}
