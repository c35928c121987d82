/**
 * `{{roll:…}}`: dice as SillyTavern rolls them (its droll library's formulas): `d20`, `2d6`,
 * `3d8+2`, `1d4-1`, or a bare number of sides (`{{roll:20}}` is `1d20`). An invalid formula rolls to
 * '' as there; a formula past these bounds is refused (left as its text), so one macro can never cost
 * millions of rolls or print a number of hundreds of digits.
 */
export const MAX_DICE = 1000;
export const MAX_SIDES = 1_000_000;
export const MAX_MODIFIER = 1_000_000;

const FORMULA = /^([1-9]\d*)?d([1-9]\d*)([+-]\d+)?$/i;

/** The total rolled, '' for an invalid formula, or undefined when the formula is past the bounds. */
export function rollDice(formula: string, random: () => number): string | undefined {
  const text = formula.trim();
  const parts = FORMULA.exec(/^\d+$/.test(text) ? `1d${text}` : text);
  if (!parts) return '';
  const dice = parts[1] === undefined ? 1 : Number(parts[1]);
  const sides = Number(parts[2]);
  const modifier = parts[3] === undefined ? 0 : Number(parts[3]);
  if (dice > MAX_DICE || sides > MAX_SIDES || Math.abs(modifier) > MAX_MODIFIER) return undefined;
  let total = modifier;
  for (let i = 0; i < dice; i++) {
    const value = random();
    total += Math.min(sides, Math.max(1, Math.floor((Number.isFinite(value) ? value : 0) * sides) + 1));
  }
  return String(total);
}
