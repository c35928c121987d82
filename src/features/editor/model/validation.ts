/**
 * What the editor says about a draft as it is written: errors keep it from being saved (each names
 * the control it belongs to, so it shows beside it), warnings only inform.
 */
import { MAX_JSON_BYTES, MAX_TEXT_BYTES, toV3Json, type Card } from '@core/card/index';
import { loreWarnings } from '@core/card/loreWarnings';
import type { CharacterDraft } from './draft';
import type { CardEstimate } from './estimates';

export interface DraftProblem {
  /** The id of the control it is about (see fieldId). */
  field: string;
  message: string;
  /** An error keeps the draft from being saved; a warning only informs. */
  severity: 'error' | 'warning';
}

export interface DraftCheck {
  errors: DraftProblem[];
  warnings: DraftProblem[];
}

/** Ids of the editor's controls; the problems point at them. */
export const fieldId = {
  text: (field: string) => `character-${field.replace(/_/g, '-')}`,
  greeting: (index: number) => `character-greeting-${index}`,
  loreKeys: (index: number) => `lore-${index}-keys`,
  loreContent: (index: number) => `lore-${index}-content`,
  size: 'character-size',
  tokens: 'character-tokens',
} as const;

export const MESSAGE_NAME_REQUIRED = 'Give your character a name.';
export const MESSAGE_EMPTY_GREETING = 'Write this greeting or remove it.';
export const MESSAGE_LORE_NO_CONTENT = 'Write what this entry tells the AI, or remove the entry.';
export const MESSAGE_LORE_NO_KEYS = 'Add at least one key, or make the entry Constant.';
export const MESSAGE_NO_FIRST_MESSAGE = 'Without a first message the chat opens empty and the person speaks first.';

/** The largest card JSON the codec writes: its cap on card JSON, and what a base64 text chunk holds. */
export const MAX_CARD_JSON_BYTES = Math.min(MAX_JSON_BYTES, Math.floor((MAX_TEXT_BYTES * 3) / 4));

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

export function checkDraft(draft: CharacterDraft, card: Card, estimate: CardEstimate): DraftCheck {
  const errors: DraftProblem[] = [];
  const warnings: DraftProblem[] = [];
  const error = (field: string, message: string) => errors.push({ field, message, severity: 'error' });
  const warn = (field: string, message: string) => warnings.push({ field, message, severity: 'warning' });
  if (draft.text.name.trim() === '') error(fieldId.text('name'), MESSAGE_NAME_REQUIRED);
  draft.alternate_greetings.forEach((greeting, index) => {
    if (greeting.trim() === '') error(fieldId.greeting(index), MESSAGE_EMPTY_GREETING);
  });
  draft.lorebook.forEach((entry, index) => {
    if (entry.content.trim() === '') error(fieldId.loreContent(index), MESSAGE_LORE_NO_CONTENT);
    if (entry.keys.length === 0 && !entry.constant) error(fieldId.loreKeys(index), MESSAGE_LORE_NO_KEYS);
  });
  const bytes = new TextEncoder().encode(JSON.stringify(toV3Json(card))).length;
  if (bytes > MAX_CARD_JSON_BYTES) {
    error(fieldId.size, `The character's text is ${megabytes(bytes)}; a card holds at most ${megabytes(MAX_CARD_JSON_BYTES)}.`);
  }

  if (draft.text.first_mes.trim() === '') warn(fieldId.text('first_mes'), MESSAGE_NO_FIRST_MESSAGE);
  // The card's book holds the editor's entries in the editor's order.
  for (const warning of loreWarnings(card)) warn(fieldId.loreKeys(warning.entry), warning.message);
  const { total, budget } = estimate;
  if (total > budget) {
    warn(
      fieldId.tokens,
      `The card needs about ${total.toLocaleString('en')} tokens, more than the ${budget.toLocaleString('en')} the model has for a prompt: its longest parts will be cut short in chats.`,
    );
  } else if (total > budget * 0.75) {
    warn(
      fieldId.tokens,
      `The card takes about ${total.toLocaleString('en')} of the ${budget.toLocaleString('en')} tokens the model has for a prompt, leaving little room for the chat's history.`,
    );
  }
  return { errors, warnings };
}

/** The problems about one control. */
export function problemsFor(check: DraftCheck, field: string): DraftProblem[] {
  return [...check.errors, ...check.warnings].filter((problem) => problem.field === field);
}
