import type { LocalMessage } from '../../../db/db';

function dayStart(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/**
 * One formatter each, made once: toLocaleDateString/-TimeString build a new one per call, which
 * costs more than the rest of a bubble's render (the list labels every message on every render).
 */
const dayFormat = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const timeFormat = new Intl.DateTimeFormat([], { hour: '2-digit', minute: '2-digit' });

/** A separator's text, in the reader's time zone: 'Today', 'Yesterday', else 'Friday, November 20, 2026'. */
export function dateSeparatorLabel(sendDate: string, now: Date = new Date()): string {
  return dayLabeller(now)(sendDate);
}

/** dateSeparatorLabel for many dates against one `now`, with a label made once per day. */
function dayLabeller(now: Date): (sendDate: string) => string {
  const today = dayStart(now);
  // Compared by calendar day, not by 24 hours, and safe across a daylight-saving change.
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime();
  const labels = new Map<number, string>([
    [today, 'Today'],
    [yesterday, 'Yesterday'],
  ]);
  return (sendDate) => {
    const date = new Date(sendDate);
    if (Number.isNaN(date.getTime())) return '';
    const day = dayStart(date);
    let label = labels.get(day);
    if (label === undefined) labels.set(day, (label = dayFormat.format(date)));
    return label;
  };
}

export interface DateGroup {
  label: string;
  messages: LocalMessage[];
}

/** Consecutive messages of the same day under one separator (messages come oldest first). */
export function groupByDate(messages: LocalMessage[], now: Date = new Date()): DateGroup[] {
  const groups: DateGroup[] = [];
  const labelOf = dayLabeller(now);
  for (const message of messages) {
    const label = labelOf(message.send_date);
    const last = groups.at(-1);
    if (last && last.label === label) last.messages.push(message);
    else groups.push({ label, messages: [message] });
  }
  return groups;
}

/** The time under a bubble, in the reader's locale ('14:05' or '2:05 PM'). */
export function messageTime(sendDate: string): string {
  const date = new Date(sendDate);
  return Number.isNaN(date.getTime()) ? '' : timeFormat.format(date);
}
