import type { LocalMessage } from '../../../db/db';

/** Rows read again from Dexie are new objects: the same fields mean the same message on screen. */
export function sameRow(a: LocalMessage, b: LocalMessage): boolean {
  if (a === b) return true;
  const aFields = a as unknown as Record<string, unknown>;
  const bFields = b as unknown as Record<string, unknown>;
  const keys = Object.keys(aFields);
  return keys.length === Object.keys(bFields).length && keys.every((key) => aFields[key] === bFields[key]);
}

/** The same rows in the same order, each with the same fields. */
export function sameRows(a: readonly LocalMessage[], b: readonly LocalMessage[]): boolean {
  return a === b || (a.length === b.length && a.every((row, i) => sameRow(row, b[i]!)));
}
