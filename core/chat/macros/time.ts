/**
 * The time macros as SillyTavern prints them (moment.js, English): `{{time}}` '3:07 PM',
 * `{{date}}` 'September 28, 2024', `{{weekday}}` 'Saturday', `{{isotime}}` '15:07', `{{isodate}}`
 * '2024-09-28', `{{time_UTC+2}}`, and `{{idle_duration}}` in moment's humanized words ('a few
 * seconds', '5 minutes', 'a day'). Clock times are in the person's IANA time zone; an unknown zone
 * falls back to the caller's default (the server's own).
 */

interface ClockParts {
  year: number;
  month: number;
  day: number;
  weekday: string;
  hour: number;
  minute: number;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat | undefined {
  const key = timeZone ?? '';
  const cached = formatters.get(key);
  if (cached) return cached;
  try {
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      weekday: 'long',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    // A page or a server may see many zones over time; a handful is all one process needs at once.
    if (formatters.size > 64) formatters.clear();
    formatters.set(key, formatter);
    return formatter;
  } catch {
    return undefined;
  }
}

/** Whether `timeZone` is an IANA zone this runtime knows ('Europe/Paris', 'UTC'). */
export function isTimeZone(timeZone: unknown): timeZone is string {
  return typeof timeZone === 'string' && timeZone !== '' && timeZone.length <= 64 && formatterFor(timeZone) !== undefined;
}

/** A prompt fills many time macros at one instant: the last reading is kept. */
let lastClock: { at: number; zone: string | undefined; parts: ClockParts } | undefined;

function clock(now: Date, timeZone: string | undefined): ClockParts {
  const at = now.getTime();
  if (lastClock?.at === at && lastClock.zone === timeZone) return lastClock.parts;
  const parts = readClock(now, timeZone);
  lastClock = { at, zone: timeZone, parts };
  return parts;
}

function readClock(now: Date, timeZone: string | undefined): ClockParts {
  const formatter = formatterFor(isTimeZone(timeZone) ? timeZone : undefined) ?? formatterFor(undefined)!;
  const parts: Record<string, string> = {};
  for (const part of formatter.formatToParts(now)) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: parts.weekday ?? '',
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** moment's 'LT' in English: '3:07 PM'. */
function twelveHour(hour: number, minute: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}

export type ClockMacro = 'time' | 'date' | 'weekday' | 'isotime' | 'isodate';

export function formatClock(macro: ClockMacro, now: Date, timeZone: string | undefined): string {
  const c = clock(now, timeZone);
  switch (macro) {
    case 'time':
      return twelveHour(c.hour, c.minute);
    case 'date':
      return `${MONTHS[c.month - 1]} ${c.day}, ${c.year}`;
    case 'weekday':
      return c.weekday;
    case 'isotime':
      return `${pad(c.hour)}:${pad(c.minute)}`;
    case 'isodate':
      return `${pad(c.year, 4)}-${pad(c.month)}-${pad(c.day)}`;
  }
}

/** `{{time_UTC+2}}`: the time at a fixed offset from UTC (moment reads -16…16 as hours, else minutes). */
export function formatUtcOffset(offset: number, now: Date): string {
  const minutes = Math.abs(offset) <= 16 ? offset * 60 : offset;
  const shifted = new Date(now.getTime() + minutes * 60_000);
  return Number.isNaN(shifted.getTime()) ? '' : twelveHour(shifted.getUTCHours(), shifted.getUTCMinutes());
}

/** moment's `duration.humanize()` in English, with its default thresholds. */
export function humanizeDuration(milliseconds: number): string {
  const seconds = Math.round(Math.abs(milliseconds) / 1000);
  const minutes = Math.round(Math.abs(milliseconds) / 60_000);
  const hours = Math.round(Math.abs(milliseconds) / 3_600_000);
  const exactDays = Math.abs(milliseconds) / 86_400_000;
  const days = Math.round(exactDays);
  // moment converts days to months through the 400-year Gregorian cycle.
  const exactMonths = (exactDays * 4800) / 146097;
  const months = Math.round(exactMonths);
  const years = Math.round(exactMonths / 12);
  if (seconds <= 44) return 'a few seconds';
  if (minutes <= 1) return 'a minute';
  if (minutes < 45) return `${minutes} minutes`;
  if (hours <= 1) return 'an hour';
  if (hours < 22) return `${hours} hours`;
  if (days <= 1) return 'a day';
  if (days < 26) return `${days} days`;
  if (months <= 1) return 'a month';
  if (months < 11) return `${months} months`;
  if (years <= 1) return 'a year';
  return `${years} years`;
}
