/** One address for every legal page, so a change of inbox is a one-line edit. */
export const SUPPORT_EMAIL = 'support@cardchat.app';

/**
 * When the terms and the privacy policy last changed. A fixed date, not "today": users rely on it
 * to tell whether the text changed since they last read it. Month is zero-based (10 = November).
 */
export const POLICIES_LAST_UPDATED = new Date(2026, 10, 21);

export interface LegalSection {
  heading: string;
  paragraphs: readonly string[];
}

const longDate = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** 'November 21, 2026': one spelling, whatever the browser's locale. */
export function formatLegalDate(date: Date): string {
  return longDate.format(date);
}

/** The machine-readable form for <time dateTime>, from local fields so it matches what is shown. */
export function isoLegalDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
