/** `messages.reasoning` as stored (JSON) and as core/chat/reasoning reads it. */
import type { Reasoning, VersionReasoning } from '@core/chat/reasoning';
import type { Message } from '../../db/schema';

function isReasoning(value: unknown): value is Reasoning {
  if (typeof value !== 'object' || value === null) return false;
  const { text, duration_ms } = value as Record<string, unknown>;
  return typeof text === 'string' && (duration_ms === undefined || (typeof duration_ms === 'number' && Number.isInteger(duration_ms)));
}

/** Each version's reasoning, or undefined when the reply has none. */
export function versionReasoningOf(message: Pick<Message, 'reasoning'>): VersionReasoning | undefined {
  if (!message.reasoning) return undefined;
  const list = JSON.parse(message.reasoning) as unknown;
  if (!Array.isArray(list)) return undefined;
  return list.map((entry) =>
    isReasoning(entry) ? { text: entry.text, ...(entry.duration_ms === undefined ? {} : { duration_ms: entry.duration_ms }) } : null,
  );
}

/** The column's value for a list (null when no version has reasoning). */
export const reasoningColumn = (list: VersionReasoning | undefined): string | null => (list ? JSON.stringify(list) : null);
