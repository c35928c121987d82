/**
 * When and where a lorebook entry goes into the prompt, beyond its keys: SillyTavern's activation
 * options, shown as the prompt builder reads them (core/chat/lore) and written back where
 * SillyTavern writes them (the entry's `extensions`). An option at its default is not written unless
 * the card already had it, so an untouched card keeps its own JSON.
 */
import {
  DEFAULT_GROUP_WEIGHT,
  DEFAULT_LORE_DEPTH,
  LORE_POSITIONS,
  PROMPT_ROLES,
  readLoreEntry,
  type PromptRole,
  type SelectiveLogic,
} from '@core/chat/lore/index';

export interface LoreActivationDraft {
  wholeWords: boolean;
  /** null: the book's scan depth (2 unless it says). */
  scanDepth: number | null;
  /** 0–100. */
  probability: number;
  /** Other entries' contents cannot bring it in. */
  excludeRecursion: boolean;
  /** Its content does not bring other entries in. */
  preventRecursion: boolean;
  /** Only other entries' contents bring it in. */
  delayUntilRecursion: boolean;
  logic: SelectiveLogic;
  group: string;
  groupWeight: number;
  groupOverride: boolean;
  sticky: number;
  cooldown: number;
  delay: number;
  /** For 'at_depth': messages from the end, and who says it. */
  depth: number;
  role: PromptRole;
}

type Json = Record<string, unknown>;

export const DEFAULT_ACTIVATION: LoreActivationDraft = {
  wholeWords: true,
  scanDepth: null,
  probability: 100,
  excludeRecursion: false,
  preventRecursion: false,
  delayUntilRecursion: false,
  logic: 0,
  group: '',
  groupWeight: DEFAULT_GROUP_WEIGHT,
  groupOverride: false,
  sticky: 0,
  cooldown: 0,
  delay: 0,
  depth: DEFAULT_LORE_DEPTH,
  role: 'system',
};

/** The entry's options as the prompt reads them from the card's JSON. */
export function activationFromEntry(entry: Json | null): LoreActivationDraft {
  if (!entry) return { ...DEFAULT_ACTIVATION };
  const read = readLoreEntry(entry, 0);
  return {
    wholeWords: read.wholeWords ?? true,
    scanDepth: read.scanDepth,
    probability: read.probability,
    excludeRecursion: read.excludeRecursion,
    preventRecursion: read.preventRecursion,
    delayUntilRecursion: read.delayUntilRecursion > 0,
    logic: read.logic,
    group: read.groupName,
    groupWeight: read.groupWeight,
    groupOverride: read.groupOverride,
    sticky: read.sticky,
    cooldown: read.cooldown,
    delay: read.delay,
    depth: read.depth,
    role: read.role,
  };
}

/** Writes the options into `extensions` under SillyTavern's names. */
export function writeActivation(extensions: Json, activation: LoreActivationDraft): void {
  const put = (key: string, value: unknown, byDefault: unknown) => {
    if (value !== byDefault || key in extensions) extensions[key] = value;
  };
  const d = DEFAULT_ACTIVATION;
  put('match_whole_words', activation.wholeWords, d.wholeWords);
  put('scan_depth', activation.scanDepth, d.scanDepth);
  put('probability', activation.probability, d.probability);
  // SillyTavern rolls only when the entry says to use its probability.
  if (activation.probability < 100) extensions.useProbability = true;
  put('exclude_recursion', activation.excludeRecursion, d.excludeRecursion);
  put('prevent_recursion', activation.preventRecursion, d.preventRecursion);
  put('delay_until_recursion', activation.delayUntilRecursion, d.delayUntilRecursion);
  put('selectiveLogic', activation.logic, d.logic);
  put('group', activation.group, d.group);
  put('group_weight', activation.groupWeight, d.groupWeight);
  put('group_override', activation.groupOverride, d.groupOverride);
  put('sticky', activation.sticky || null, null);
  put('cooldown', activation.cooldown || null, null);
  put('delay', activation.delay || null, null);
  put('depth', activation.depth, d.depth);
  put('role', PROMPT_ROLES.indexOf(activation.role), 0);
}

export { LORE_POSITIONS, PROMPT_ROLES };
