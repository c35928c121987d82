/**
 * The dates SillyTavern (and TavernAI before it) has written into chat files over the years, read the
 * way SillyTavern's own `parseTimestamp` reads them:
 * - milliseconds since the epoch, as a number or a string of digits;
 * - ISO-8601 ("2023-01-24T20:38:00.000Z");
 * - the humanized message date "January 24, 2023 8:38pm";
 * - the file-name style "2024-07-12@01h31m37s123ms" and "2024-07-12 @01h 31m 37s 123ms".
 * The last two were written in the writer's local time, which the file does not record; they are
 * read as UTC (SillyTavern does the same for the file-name style), and ISO text without a zone too,
 * so an import does not depend on the importing machine's time zone.
 */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The largest time a JavaScript Date can hold. */
const MAX_TIME = 8.64e15;

const ISO = /^(\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)?)(Z|[+-]\d{2}:\d{2})?$/i;
const MERIDIEM = /^([a-z]+)\.?\s+(\d{1,2}),\s*(\d{4})\s+(\d{1,2}):(\d{1,2})\s*(am|pm)$/i;
const HUMANIZED = /^(\d{4})-(\d{1,2})-(\d{1,2}) ?@(\d{1,2})h ?(\d{1,2})m ?(\d{1,2})s(?: ?(\d{1,3})ms)?$/;

/** Milliseconds since the epoch, or undefined when `value` is no date SillyTavern would have written. */
export function parseSillyTavernDate(value: unknown): number | undefined {
  if (typeof value === 'number') return validTime(value);
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d{1,16}$/.test(text)) return validTime(Number(text));

  const iso = ISO.exec(text);
  if (iso) {
    // A date-only ISO string is UTC to Date.parse, a date-time without a zone is local: make both UTC.
    const zone = iso[2] ?? (iso[1]!.includes('T') ? 'Z' : '');
    return validTime(Date.parse(iso[1]! + zone));
  }

  const meridiem = MERIDIEM.exec(text);
  if (meridiem) {
    const [, monthName, day, year, hour, minute, half] = meridiem as unknown as string[];
    const month = MONTHS.findIndex((name) => monthName!.length >= 3 && name.startsWith(monthName!.toLowerCase()));
    const hour12 = Number(hour);
    if (month < 0 || hour12 < 1 || hour12 > 12) return undefined;
    const hour24 = (hour12 % 12) + (half!.toLowerCase() === 'pm' ? 12 : 0);
    return utcTime(Number(year), month, Number(day), hour24, Number(minute), 0, 0);
  }

  const humanized = HUMANIZED.exec(text);
  if (humanized) {
    const [year, month, day, hour, minute, second, ms] = humanized.slice(1).map((part) => Number(part ?? 0));
    return utcTime(year!, month! - 1, day!, hour!, minute!, second!, ms!);
  }
  return undefined;
}

function validTime(ms: number): number | undefined {
  // SillyTavern treats 0 as "no date", and so do we.
  return Number.isFinite(ms) && ms > 0 && ms <= MAX_TIME ? ms : undefined;
}

/** Date.UTC quietly rolls 31 February into March; a date that does not exist is no date. */
function utcTime(year: number, month: number, day: number, hour: number, minute: number, second: number, ms: number) {
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(Date.UTC(year, month, day, hour, minute, second, ms));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month || date.getUTCDate() !== day) return undefined;
  return validTime(date.getTime());
}
