import { sql, type RawBuilder } from 'kysely';

/** `%text%` for LIKE, lower-cased, with the user's own `%`, `_` and `\` taken literally. */
function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * `lower(column) LIKE '%text%'` with an explicit escape character: SQLite has no default one, so
 * without it the escapes above would be matched literally there.
 */
export function lowerContains(column: string, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(column)}) like ${containsPattern(text)} escape '\\'`;
}
