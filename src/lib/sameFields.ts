/**
 * Rows read again from Dexie are new objects: the same fields (each the same value) mean the same
 * thing to show or store. Nested objects count as changed unless they are the same object.
 */
export function sameFields(a: object, b: object): boolean {
  if (a === b) return true;
  const aFields = a as Record<string, unknown>;
  const bFields = b as Record<string, unknown>;
  const keys = Object.keys(aFields);
  return keys.length === Object.keys(bFields).length && keys.every((key) => aFields[key] === bFields[key]);
}

/** The same rows in the same order, each with the same fields. */
export function sameRows(a: readonly object[], b: readonly object[]): boolean {
  return a === b || (a.length === b.length && a.every((row, i) => sameFields(row, b[i]!)));
}
