const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * A chat's last activity as the list shows it: relative while recent ('just now', '5 min ago',
 * '3 h ago', 'Yesterday', '4 days ago'), then a short date ('Nov 3', with the year when it is not this
 * one). Short, because the panel may be a narrow drawer; the full date is in the element's title.
 */
export function formatChatTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const elapsed = now.getTime() - then.getTime();
  if (Number.isNaN(elapsed)) return '';
  // A clock slightly ahead of this device's still reads as just now.
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY && then.getDate() === now.getDate()) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = calendarDaysBetween(then, now);
  if (days === 1) return 'Yesterday';
  if (days < 7) return `${days} days ago`;
  return then.toLocaleDateString(undefined, {
    month: 'short',
    day: 'numeric',
    year: then.getFullYear() === now.getFullYear() ? undefined : 'numeric',
  });
}

/** Whole local calendar days from `then` to `now` (so 23:50 yesterday is 1 day ago at 00:10). */
function calendarDaysBetween(then: Date, now: Date): number {
  const start = new Date(then.getFullYear(), then.getMonth(), then.getDate());
  const end = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((end.getTime() - start.getTime()) / DAY);
}

/** The full local date and time, for the title of the relative text. */
export function fullChatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
