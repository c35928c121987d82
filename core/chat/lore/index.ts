/** Lorebook activation as SillyTavern does it (see activate.ts), shared by the prompt builder and tests. */
export {
  readLorebook,
  readLoreEntry,
  LORE_POSITIONS,
  PROMPT_ROLES,
  DEFAULT_LORE_DEPTH,
  DEFAULT_GROUP_WEIGHT,
  MAX_LORE_ENTRIES,
  MAX_SCAN_DEPTH,
  type LoreBook,
  type LoreEntry,
  type LorePosition,
  type PromptRole,
  type SelectiveLogic,
} from './entries';
export {
  scanLore,
  MAX_LORE_STEPS,
  MAX_FIRED_ENTRIES,
  type FiredLore,
  type FiredReason,
  type LoreScanInput,
  type LoreScanResult,
} from './activate';
export { DEFAULT_SCAN_DEPTH, keyMatches, Haystack } from './scan';
export { readTimedWorldInfo, timedKey, type TimedEffect, type TimedWorldInfo } from './timed';
