/**
 * A chat's running summary: what the AI service wrote of the history that no longer fits the
 * prompt, put in the prompt where that history was. It lives in the chat's chat_metadata under a
 * key of cardchat's own (SillyTavern's Summarize keeps its summary in a message's `extra.memory`,
 * which a chat that drops and reorders messages cannot hold), so an exported chat carries it and an
 * import reads it back. The request is SillyTavern's Summarize prompt, its default 200 words.
 */
import { SUMMARY_LIMITS } from '../../contract/constants';
import type { PromptMessage } from '../prompt/types';

export const SUMMARY_KEY = 'cardchat_summary';

/** Another summary is asked for once this many more messages have left the prompt (SillyTavern's default interval). */
export const SUMMARY_EVERY = 10;

export interface ChatSummaryState {
  text: string;
  /** Summarizing is off for the chat: nothing is asked, and the summary is left out of the prompt. */
  off: boolean;
  /** The messages it covers: every message numbered below this one. */
  covers: number;
  /** ISO-8601 UTC of its last change; null: never written. */
  updated_at: string | null;
  /** Written without an AI service: the demo's words, not a summary. */
  demo: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The summary a chat_metadata holds; anything odd (an imported file may say anything) reads as none. */
export function summaryOf(metadata: unknown): ChatSummaryState {
  const raw = isRecord(metadata) ? metadata[SUMMARY_KEY] : undefined;
  const item = isRecord(raw) ? raw : {};
  const covers = typeof item.covers === 'number' && Number.isFinite(item.covers) ? Math.max(0, Math.floor(item.covers)) : 0;
  return {
    text: typeof item.text === 'string' ? item.text.trim().slice(0, SUMMARY_LIMITS.textChars) : '',
    off: item.off === true,
    covers,
    updated_at: typeof item.updated_at === 'string' ? item.updated_at : null,
    demo: item.demo === true,
  };
}

/** The chat_metadata with this summary (an empty one that is on: the key is removed). */
export function withSummary(metadata: Record<string, unknown>, summary: ChatSummaryState): Record<string, unknown> {
  const { [SUMMARY_KEY]: _old, ...rest } = metadata;
  return summary.text || summary.off || summary.covers > 0 ? { ...rest, [SUMMARY_KEY]: summary } : rest;
}

/** What the prompt carries of a summary (SillyTavern's template); empty for none or off. */
export function summarySection(summary: Pick<ChatSummaryState, 'text' | 'off'> | undefined): string {
  const text = summary && !summary.off ? summary.text.trim() : '';
  return text ? `[Summary: ${text}]` : '';
}

/** The summary a chat's prompt carries: none while it is off. */
export function promptSummary(metadata: unknown): string {
  const summary = summaryOf(metadata);
  return summary.off ? '' : summary.text;
}

/** How many words a summary is asked to keep to. */
export const SUMMARY_WORDS = 200;

export const SUMMARY_INSTRUCTION =
  'Ignore previous instructions. Summarize the most important facts and events in the story so far. If a summary already exists in your memory, use that as a base and expand with new facts. ' +
  `Limit the summary to ${SUMMARY_WORDS} words or less. Your response should include nothing but the summary.`;

/** A message to fold into the summary, with who said it. */
export interface SummaryLine {
  role: 'user' | 'assistant' | 'system';
  name: string;
  content: string;
}

/** The request for a new summary: the one so far, the messages it is to take in, then the instruction. */
export function summaryRequest(previous: string, lines: readonly SummaryLine[]): PromptMessage[] {
  return [
    ...(previous.trim() ? [{ role: 'system' as const, content: `[Summary of the story so far: ${previous.trim()}]` }] : []),
    ...lines.map((line) => ({ role: line.role, content: line.name ? `${line.name}: ${line.content}` : line.content })),
    { role: 'system', content: SUMMARY_INSTRUCTION },
  ];
}

/**
 * The message number up to which a new summary should reach, now that every message below
 * `firstKept` is out of the prompt; null while nothing is out, while it is off, or until
 * SUMMARY_EVERY more messages have left since the last one (the first is asked at once).
 */
export function summaryDue(summary: ChatSummaryState, firstKept: number): number | null {
  if (summary.off || firstKept <= summary.covers) return null;
  if (summary.covers > 0 && firstKept - summary.covers < SUMMARY_EVERY) return null;
  return firstKept;
}

/** The demo's summary: no AI service wrote it, and it says so. */
export const demoSummary = (messages: number) =>
  `This is a demo summary: no AI service is set up, so nothing summarized the ${messages} older message${messages === 1 ? '' : 's'} that no longer fit the prompt.`;
