/**
 * Tags and search words as the public gallery files and matches them, the same on the server (its
 * indexes) and in the PWA (its chips, its URL, its offline search).
 */

/** A tag longer than this is cut; chips and filters never see more. */
export const MAX_TAG_CHARS = 50;
/** How many of a card's tags the gallery files it under. */
export const MAX_CARD_TAGS = 30;
/** How many words of a search count; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;
const MAX_WORD_CHARS = 40;

/** A tag as filed: trimmed, inner spaces collapsed, lower-case, at most MAX_TAG_CHARS code points. */
export function normalizeTag(tag: string): string {
  const tidy = tag.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  return Array.from(tidy).slice(0, MAX_TAG_CHARS).join('').trim();
}

/** A card's tags as the gallery files them: normalised, without blanks or repeats, at most MAX_CARD_TAGS. */
export function galleryTags(tags: readonly unknown[]): string[] {
  const filed = new Set<string>();
  for (const tag of tags) {
    if (typeof tag !== 'string') continue;
    const normal = normalizeTag(tag);
    if (normal !== '') filed.add(normal);
    if (filed.size === MAX_CARD_TAGS) break;
  }
  return [...filed];
}

/**
 * The words of a text as search matches them: runs of letters and digits, lower-case. A search
 * finds the cards that have, for each of its words, a word of their name, tags or creator
 * starting with it ("ali" finds "Alice"), which both databases answer from an index.
 */
export function searchWords(text: string, max = Number.POSITIVE_INFINITY): string[] {
  const words =
    text
      .normalize('NFC')
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return words.slice(0, max).map((word) => Array.from(word).slice(0, MAX_WORD_CHARS).join(''));
}

/** The words of a search: at most MAX_SEARCH_WORDS of them. */
export function queryWords(q: string | undefined): string[] {
  return searchWords(q ?? '', MAX_SEARCH_WORDS);
}

/** Whether a card's text (its name, tags and creator) matches a search's words, as the server's index does. */
export function matchesWords(text: string, words: readonly string[]): boolean {
  const own = searchWords(text);
  return words.every((word) => own.some((candidate) => candidate.startsWith(word)));
}
