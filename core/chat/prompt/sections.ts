/**
 * The card's parts of the prompt in SillyTavern's default Chat Completion preset: the main prompt
 * (the card's system_prompt when it has one, `{{original}}` standing for the default once), the
 * persona's description as written, the description, personality and scenario in the preset's
 * wrappers, the post-history instructions, and the character's note (extensions.depth_prompt).
 */
import type { Card } from '../../card/index';
import { PROMPT_ROLES, type PromptRole } from '../lore/index';
import { clean, DEFAULT_SYSTEM_PROMPT, type PromptContext } from './context';

/** SillyTavern's character's note defaults: 4 messages from the end, as the system. */
export const DEFAULT_NOTE_DEPTH = 4;
export const DEFAULT_NOTE_ROLE: PromptRole = 'system';
/** Deeper than any chat the prompt carries; SillyTavern's own cap. */
export const MAX_INJECTION_DEPTH = 1000;

export const personalityWrapper = (char: string, personality: string) => `[${char}'s personality: ${personality}]`;
export const scenarioWrapper = (scenario: string) => `[Circumstances and context of the dialogue: ${scenario}]`;

export interface CardSections {
  main: string;
  persona: string;
  description: string;
  personality: string;
  scenario: string;
  postHistory: string;
  note: { text: string; depth: number; role: PromptRole };
}

function characterNote(card: Pick<Card, 'data'>, context: PromptContext): CardSections['note'] {
  const raw: unknown = card.data.extensions?.depth_prompt;
  const note = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const depth = typeof note.depth === 'number' && Number.isFinite(note.depth) ? Math.floor(note.depth) : DEFAULT_NOTE_DEPTH;
  const role = PROMPT_ROLES.find((name) => name === note.role) ?? DEFAULT_NOTE_ROLE;
  const text = typeof note.prompt === 'string' ? context.fill(clean(note.prompt)) : '';
  return { text, depth: Math.min(MAX_INJECTION_DEPTH, Math.max(0, depth)), role };
}

/**
 * Each section filled once with every macro, field macros included (SillyTavern fills a field,
 * then the prompt again; once is the same text, and a name holding `{{user}}` is never expanded).
 */
export function cardSections(card: Pick<Card, 'data'>, personaDescription: unknown, context: PromptContext): CardSections {
  const { fields, names, fill } = context;
  const { data } = card;
  const original = fill(DEFAULT_SYSTEM_PROMPT);
  const systemPrompt = clean(data.system_prompt);
  return {
    main: systemPrompt ? fill(systemPrompt, original) : original,
    persona: fill(clean(personaDescription)),
    description: fill(clean(data.description)),
    personality: fields.personality && personalityWrapper(names.char, fields.personality),
    scenario: fields.scenario && scenarioWrapper(fields.scenario),
    postHistory: fill(clean(data.post_history_instructions), ''),
    note: characterNote(card, context),
  };
}
