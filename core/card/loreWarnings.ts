/**
 * What a card's author should know about its lorebook though nothing stops it being saved or
 * used: keys written as regular expressions that cardchat's safe engine cannot run (they never
 * match, and are ignored).
 */
import { compileRegexKey } from './regexKeys';
import type { Card } from './types';

export interface LoreWarning {
  /** The entry's place in the book's entries (the editor's order). */
  entry: number;
  key: string;
  message: string;
}

type Json = Record<string, unknown>;
const isRecord = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function keysOf(entry: Json): string[] {
  const lists = [entry.keys ?? entry.key, entry.secondary_keys ?? entry.keysecondary];
  return lists.flatMap((list) => (Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : []));
}

export function loreWarnings(card: Pick<Card, 'data'>): LoreWarning[] {
  const book = card.data.character_book;
  if (!isRecord(book)) return [];
  const entries = Array.isArray(book.entries) ? book.entries : isRecord(book.entries) ? Object.values(book.entries) : [];
  const warnings: LoreWarning[] = [];
  entries.forEach((entry, index) => {
    if (!isRecord(entry)) return;
    for (const key of keysOf(entry)) {
      const compiled = compileRegexKey(key.trim());
      if (compiled && !compiled.ok) {
        warnings.push({
          entry: index,
          key,
          message: `The key ${key} is not a pattern cardchat can run (${compiled.reason}), so it never matches.`,
        });
      }
    }
  });
  return warnings;
}
