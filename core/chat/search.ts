import type { ChatMessage, MessageHit } from '../contract';
import { parseMessage, plainText } from './markdown/index';

/**
 * Searching inside chats: what a search string means, and the snippet a hit shows. The server's
 * full-text index (SQLite FTS5's unicode61, PostgreSQL's tsvector with punctuation read as spaces)
 * and the device's own search offline share this one reading:
 * - a word is a run of letters, numbers and combining marks; everything else separates words;
 * - case does not matter, accents do (neither index folds them);
 * - every word must be in the message, the last one as the start of a word once it has three
 *   letters (typing "crois" finds "croissant"), the others (and a shorter last one) whole.
 */

/** A search reads at most this many words; the rest are left out. */
export const MAX_SEARCH_TERMS = 8;
/** The longest word searched for (a longer one is cut): no real word is longer, and FTS terms stay small. */
const MAX_TERM_CHARS = 64;

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

/** The words of a search, lower-cased and in order, each once. Anything typed is safe: only word characters remain. */
export function searchTerms(query: string): string[] {
  const words = query.normalize('NFC').toLowerCase().match(WORD) ?? [];
  return [...new Set(words.map((word) => word.slice(0, MAX_TERM_CHARS)))].slice(0, MAX_SEARCH_TERMS);
}

interface WordSpan {
  start: number;
  end: number;
}

function isHit(word: string, term: string, prefix: boolean): boolean {
  return prefix ? word.startsWith(term) : word === term;
}

/** The shortest last word read as the start of a word: one or two letters match too much to mean anything. */
export const MIN_PREFIX_CHARS = 3;

/** Whether `term`, the `index`th of `terms`, is read as the start of a word. */
export function isPrefixTerm(terms: string[], index: number): boolean {
  return index === terms.length - 1 && [...terms[index]!].length >= MIN_PREFIX_CHARS;
}

/** The spans of `text`'s words that `terms` find (the last term as a prefix), in order, and which terms they are. */
function hits(text: string, terms: string[]): { found: Set<string>; spans: WordSpan[] } {
  const found = new Set<string>();
  const spans: WordSpan[] = [];
  const last = isPrefixTerm(terms, terms.length - 1) ? terms.at(-1) : undefined;
  // Word by word, lower-cased one at a time: lower-casing the whole text can change its length.
  for (const match of text.matchAll(WORD)) {
    const word = match[0].toLowerCase();
    const term = terms.find((candidate) => isHit(word, candidate, candidate === last));
    if (term === undefined) continue;
    found.add(term);
    spans.push({ start: match.index, end: match.index + match[0].length });
  }
  return { found, spans };
}

/** Whether every term is in `text` (the device's search offline, as the server's index matches). */
export function matchesTerms(text: string, terms: string[]): boolean {
  return terms.length > 0 && hits(text, terms).found.size === terms.length;
}

/** A piece of a message around what was found, and where the found words are in it. */
export interface SearchSnippet {
  text: string;
  /** [start, end) character ranges of `text` to highlight. */
  marks: Array<[number, number]>;
}

const SNIPPET_CHARS = 160;
/** Of the snippet, how much comes before the first word found. */
const LEAD_CHARS = 50;

/** Moves `index` to a nearby space (within 15 characters) so the snippet does not cut a word. */
function atSpace(text: string, index: number, direction: 1 | -1): number {
  for (let i = 0; i < 15; i++) {
    const at = index + i * direction;
    if (at <= 0 || at >= text.length) return Math.max(0, Math.min(text.length, at));
    if (/\s/.test(text[at]!)) return direction === 1 ? at : at + 1;
  }
  return index;
}

/**
 * Up to about 160 characters of `text` (already plain: no markdown) around the first word found, on
 * one line, with '…' where it was cut, and the found words marked.
 */
export function searchSnippet(text: string, terms: string[]): SearchSnippet {
  const flat = text.replace(/\s+/g, ' ').trim();
  const { spans } = hits(flat, terms);
  const first = spans[0]?.start ?? 0;
  const start = first <= LEAD_CHARS ? 0 : atSpace(flat, first - LEAD_CHARS, -1);
  const end = start + SNIPPET_CHARS >= flat.length ? flat.length : atSpace(flat, start + SNIPPET_CHARS, 1);
  const before = start > 0 ? '…' : '';
  const after = end < flat.length ? '…' : '';
  const marks = spans
    .filter((span) => span.start >= start && span.end <= end)
    .map((span): [number, number] => [span.start - start + before.length, span.end - start + before.length]);
  return { text: `${before}${flat.slice(start, end)}${after}`, marks };
}

/** A found message as a hit: where it is, and its snippet as plain words (no markdown) with the words marked. */
export function messageHit(
  message: Pick<ChatMessage, 'id' | 'chat_id' | 'seq' | 'role' | 'name' | 'send_date' | 'content'>,
  terms: string[],
): MessageHit {
  const snippet = searchSnippet(plainText(parseMessage(message.content)), terms);
  return {
    chat_id: message.chat_id,
    message_id: message.id,
    seq: message.seq,
    role: message.role,
    name: message.name,
    send_date: message.send_date,
    snippet: snippet.text,
    marks: snippet.marks,
  };
}
