/** SillyTavern's macros, filled the same way on the server and in the app. */
export { expandMacros, MAX_MACRO_DEPTH, MAX_MACROS, MAX_MACRO_RESULT, type MacroOptions } from './engine';
export { FIELD_MACROS, type FieldMacro, type MacroEnv } from './env';
export { macroList } from './builtins';
export { rollDice, MAX_DICE, MAX_SIDES, MAX_MODIFIER } from './dice';
export { hashString, seededRandom, randomIndex } from './seeded';
export { formatClock, formatUtcOffset, humanizeDuration, isTimeZone } from './time';
export { macrosUsed, type MacroUse } from './names';
