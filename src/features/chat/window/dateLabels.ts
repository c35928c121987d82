import type { LocalMessage } from '../../../db/db';

function dayStart(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** A separator's text, in the reader's time zone: 'Today', 'Yesterday', else 'Friday, November 20, 2026'. */
export function dateSeparatorLabel(sendDate: string, now: Date = new Date()): string {
  const date = new Date(sendDate);
  if (Number.isNaN(date.getTime())) return '';
  const today = dayStart(now);
  const day = dayStart(date);
  if (day === today) return 'Today';
  // Compared by calendar day, not by 24 hours, and safe across a daylight-saving change.
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1).getTime();
  if (day === yesterday) return 'Yesterday';
  return date.toLocaleDateString('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}

export interface DateGroup {
  label: string;
  messages: LocalMessage[];
}

/** Consecutive messages of the same day under one separator (messages come oldest first). */
export function groupByDate(messages: LocalMessage[], now: Date = new Date()): DateGroup[] {
  const groups: DateGroup[] = [];
  for (const message of messages) {
    const label = dateSeparatorLabel(message.send_date, now);
    const last = groups.at(-1);
    if (last && last.label === label) last.messages.push(message);
    else groups.push({ label, messages: [message] });
  }
  return groups;
}

/** The time under a bubble, in the reader's locale ('14:05' or '2:05 PM'). */
export function messageTime(sendDate: string): string {
  const date = new Date(sendDate);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}
