const UNITS = ['KB', 'MB', 'GB', 'TB'];

/**
 * A byte count as people read it: '512 B', '3.2 MB', '14 MB', '250 MB' (1 KB = 1024 bytes, as
 * browsers and the upload limit's "20MB" count). One function for the server's messages and the PWA's
 * screens, so a quota reads the same in an error and on Profile.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${Math.max(0, Math.round(bytes))} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // One decimal while it says something (3.2 MB); whole numbers from 10 up, and 10.0 reads as 10.
  const shown = value < 10 ? Math.round(value * 10) / 10 : Math.round(value);
  return `${shown} ${UNITS[unit]}`;
}
