/**
 * Who a message names, as SillyTavern's natural order reads it: the text's words (letters, digits
 * and underscores, so "Alice," and "ALICE!" are "alice"), compared with each word of a member's name
 * and nickname ("Captain Hook" answers to "hook").
 */

/** A text's words, lower-cased, in order. */
export function wordsOf(text: string): string[] {
  return Array.from(text.matchAll(/[\p{L}\p{N}_]+/gu), (match) => match[0].toLocaleLowerCase());
}

/** The members the text names, in the order their first mention comes, each once. */
export function mentionedIn<T extends { names: readonly string[] }>(text: string, members: readonly T[]): T[] {
  const named = members.map((member) => new Set(member.names.flatMap(wordsOf)));
  const found: T[] = [];
  for (const word of wordsOf(text)) {
    // SillyTavern takes the first member a word fits, so a word shared by two names wakes the first.
    const index = named.findIndex((words) => words.has(word));
    const member = members[index];
    if (member && !found.includes(member)) found.push(member);
  }
  return found;
}
