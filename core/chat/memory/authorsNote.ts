/**
 * A chat's author's note where SillyTavern keeps it: chat_metadata `note_prompt`, `note_depth`,
 * `note_interval`, `note_position` and `note_role` (0 system, 1 user, 2 assistant), so an export
 * carries it to SillyTavern and an import brings it here. SillyTavern's defaults: depth 4, every
 * message, in the chat, as the system.
 */
import type { AuthorsNote } from '../prompt/types';
import type { PromptRole } from '../lore/index';
import { MEMORY_LIMITS } from '../../contract/constants';

const ROLES: readonly PromptRole[] = ['system', 'user', 'assistant'];
export const NOTE_DEFAULTS = { depth: 4, interval: 1, role: 'system' as PromptRole };
/** SillyTavern's "in chat @ depth": the only position cardchat places a note at. */
const IN_CHAT = 1;

const count = (value: unknown, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? Math.min(1000, Math.max(0, Math.floor(value))) : fallback;

/** The note a chat_metadata holds (defaults for what it lacks; an odd value is a default, never an error). */
export function authorsNoteOf(metadata: Record<string, unknown>): AuthorsNote {
  const text = typeof metadata.note_prompt === 'string' ? metadata.note_prompt.slice(0, MEMORY_LIMITS.textChars) : '';
  const role = typeof metadata.note_role === 'number' ? (ROLES[metadata.note_role] ?? NOTE_DEFAULTS.role) : NOTE_DEFAULTS.role;
  return {
    text,
    depth: count(metadata.note_depth, NOTE_DEFAULTS.depth),
    interval: count(metadata.note_interval, NOTE_DEFAULTS.interval),
    role,
  };
}

/** The chat_metadata with this note, in SillyTavern's keys (its position: in the chat). */
export function withAuthorsNote(metadata: Record<string, unknown>, note: AuthorsNote): Record<string, unknown> {
  return {
    ...metadata,
    note_prompt: note.text,
    note_depth: note.depth,
    note_interval: note.interval,
    note_position: IN_CHAT,
    note_role: Math.max(0, ROLES.indexOf(note.role)),
  };
}
