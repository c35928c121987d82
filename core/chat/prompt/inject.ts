/**
 * What goes into the chat history at a depth (messages from the end), as SillyTavern's in-chat
 * prompts: the author's note slot (with lorebook entries at its top and bottom), the character's
 * note, and lorebook entries @depth. At one depth and role they share one message, in that
 * order; at one depth the roles follow as assistant, user, system (the system nearest the end).
 */
import type { FiredLore, PromptRole } from '../lore/index';
import { estimateTokens } from '../tokens';
import type { CardSections } from './sections';
import type { PromptPart } from './types';

/** SillyTavern's author's note defaults: its slot is 4 messages from the end, as the system. */
export const AUTHORS_NOTE_DEPTH = 4;
export const AUTHORS_NOTE_ROLE: PromptRole = 'system';

export type PartDraft = Omit<PromptPart, 'message'>;

/** The chat's author's note for this prompt: where it goes, and whether this message is one it is sent with. */
export interface ChatNote {
  text: string;
  depth: number;
  role: PromptRole;
  active: boolean;
}

/**
 * Whether the chat's note goes with this prompt: on every `interval`-th message of the person's, as
 * SillyTavern counts them (1: always; 0 or less: never; before the `interval`-th: not yet).
 */
export function noteIsDue(interval: number, userMessages: number): boolean {
  if (interval === 1) return true;
  if (interval <= 0 || userMessages <= 0) return false;
  return userMessages >= interval && userMessages % interval === 0;
}

export interface Injection {
  depth: number;
  role: PromptRole;
  content: string;
  parts: PartDraft[];
}

const ROLE_ORDER: PromptRole[] = ['assistant', 'user', 'system'];

export function lorePart(fired: FiredLore, cut = false): PartDraft {
  const { entry } = fired;
  return {
    kind: 'lore',
    tokens: fired.tokens,
    ...(cut ? { cut } : {}),
    lore: { id: entry.id, comment: entry.comment, key: fired.key, reason: fired.reason, position: entry.position, step: fired.step },
    ...(entry.position === 'at_depth' ? { depth: entry.depth, role: entry.role } : {}),
  };
}

interface Slot {
  depth: number;
  role: PromptRole;
  texts: string[];
  parts: PartDraft[];
}

/** The author's note slot: entries for its top, the chat's note, entries for its bottom, as SillyTavern joins them. */
function authorsNoteText(top: FiredLore[], note: string, bottom: FiredLore[]): string {
  const joined = [top.map((f) => f.content).join('\n'), note, bottom.map((f) => f.content).join('\n')].join('\n');
  return joined.replace(/^\n/, '').replace(/\n$/, '').trim();
}

/** Every injection, oldest position first (deepest depth first), in the order they sit in the chat. */
export function injections(note: CardSections['note'], lore: readonly FiredLore[], chatNote: ChatNote | null = null): Injection[] {
  const slots = new Map<string, Slot>();
  const slot = (depth: number, role: PromptRole) => {
    const key = `${depth}:${role}`;
    let found = slots.get(key);
    if (!found) slots.set(key, (found = { depth, role, texts: [], parts: [] }));
    return found;
  };
  // A chat's note that sits out this message takes the lorebook's AN entries with it, as in SillyTavern.
  const slotOn = chatNote?.active ?? true;
  const top = slotOn ? lore.filter((f) => f.entry.position === 'an_top') : [];
  const bottom = slotOn ? lore.filter((f) => f.entry.position === 'an_bottom') : [];
  const noteText = slotOn ? (chatNote?.text ?? '') : '';
  const authorsNote = authorsNoteText(top, noteText, bottom);
  if (authorsNote) {
    const depth = chatNote?.depth ?? AUTHORS_NOTE_DEPTH;
    const role = chatNote?.role ?? AUTHORS_NOTE_ROLE;
    const at = slot(depth, role);
    at.texts.push(authorsNote);
    const noteParts: PartDraft[] = noteText ? [{ kind: 'authors_note', tokens: estimateTokens(noteText), depth, role }] : [];
    at.parts.push(
      ...top.map((f) => ({ ...lorePart(f), depth, role })),
      ...noteParts,
      ...bottom.map((f) => ({ ...lorePart(f), depth, role })),
    );
  }
  if (note.text) {
    const at = slot(note.depth, note.role);
    at.texts.push(note.text);
    at.parts.push({ kind: 'character_note', tokens: estimateTokens(note.text), depth: note.depth, role: note.role });
  }
  const deep = lore.filter((f) => f.entry.position === 'at_depth');
  for (const fired of deep) slot(fired.entry.depth, fired.entry.role).parts.push(lorePart(fired));
  for (const at of slots.values()) {
    const own = deep.filter((f) => f.entry.depth === at.depth && f.entry.role === at.role).map((f) => f.content);
    if (own.length > 0) at.texts.push(own.join('\n'));
  }
  return [...slots.values()]
    .sort((a, b) => b.depth - a.depth || ROLE_ORDER.indexOf(a.role) - ROLE_ORDER.indexOf(b.role))
    .map(({ depth, role, texts, parts }) => ({ depth, role, content: texts.join('\n'), parts }));
}
