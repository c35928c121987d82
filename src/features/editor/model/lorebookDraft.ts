/**
 * Lorebook entries as the editor shows them, and back into a card's `character_book`. The book is
 * the card author's JSON: whatever the editor does not show (the book's name, scan depth, token
 * budget, extensions; each entry's id, comment, priority, extensions...) is carried over untouched,
 * and the editor's fields are written where core/chat's lorebook reads them, SillyTavern's mirrors
 * included (`disable`, `extensions.case_sensitive`, `extensions.position`), so a toggle here means
 * the same thing in the prompt and in SillyTavern.
 */
import type { CharacterBook } from '@core/card/index';
import { LORE_POSITIONS, readLoreEntry, type LorePosition } from '@core/chat/lore/index';
import { writeActivation, type LoreActivationDraft } from './loreActivation';

export type { LorePosition };

export interface LoreEntryDraft {
  /** A key for lists (React, reordering); never written into the card. */
  uid: string;
  keys: string[];
  secondary_keys: string[];
  content: string;
  enabled: boolean;
  constant: boolean;
  case_sensitive: boolean;
  insertion_order: number;
  position: LorePosition;
  /** The activation options once changed here; absent: as the card has them (activationFromEntry). */
  activation?: LoreActivationDraft;
  /** The entry as the card had it; null for one made here. */
  original: Record<string, unknown> | null;
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

let uidSerial = 0;
export function newLoreUid(): string {
  uidSerial += 1;
  return `lore-${Date.now().toString(36)}-${uidSerial}`;
}

/** V2/V3 books hold an array; SillyTavern world files (sometimes pasted into cards) an id → entry map. */
function rawEntries(book: unknown): Json[] {
  if (!isRecord(book)) return [];
  const { entries } = book;
  const list = Array.isArray(entries) ? entries : isRecord(entries) ? Object.values(entries) : [];
  return list.filter(isRecord);
}

function extensionsOf(entry: Json): Json {
  return isRecord(entry.extensions) ? entry.extensions : {};
}

/** As core/chat's lorebook reads it, so the editor shows where the prompt will put the entry. */
function positionOf(entry: Json): LorePosition {
  return readLoreEntry(entry, 0).position;
}

function entryDraft(entry: Json): LoreEntryDraft {
  const extensions = extensionsOf(entry);
  const order = entry.insertion_order ?? entry.order;
  return {
    uid: newLoreUid(),
    // `key`/`keysecondary` are SillyTavern's world-file spellings.
    keys: strings(entry.keys ?? entry.key),
    secondary_keys: strings(entry.secondary_keys ?? entry.keysecondary),
    content: typeof entry.content === 'string' ? entry.content : '',
    enabled: !(entry.enabled === false || entry.disable === true),
    constant: entry.constant === true,
    case_sensitive: entry.case_sensitive === true || extensions.case_sensitive === true,
    insertion_order: typeof order === 'number' && Number.isFinite(order) ? order : 0,
    position: positionOf(entry),
    original: entry,
  };
}

export function loreEntriesFromBook(book: unknown): LoreEntryDraft[] {
  return rawEntries(book).map(entryDraft);
}

/** A new entry: enabled, keyed, inserted after the others. */
export function newLoreEntry(existing: readonly LoreEntryDraft[]): LoreEntryDraft {
  const last = existing.reduce((max, entry) => Math.max(max, entry.insertion_order), 0);
  return {
    uid: newLoreUid(),
    keys: [],
    secondary_keys: [],
    content: '',
    enabled: true,
    constant: false,
    case_sensitive: false,
    insertion_order: existing.length === 0 ? 100 : last + 1,
    position: 'before_char',
    original: null,
  };
}

function entryJson(draft: LoreEntryDraft, id: number): Json {
  const original = draft.original ? (structuredClone(draft.original) as Json) : { id, extensions: {} };
  const extensions = extensionsOf(original);
  const entry: Json = {
    ...original,
    keys: [...draft.keys],
    secondary_keys: [...draft.secondary_keys],
    content: draft.content,
    enabled: draft.enabled,
    constant: draft.constant,
    // V2: secondary keys count only on a selective entry.
    selective: draft.secondary_keys.length > 0,
    case_sensitive: draft.case_sensitive,
    insertion_order: draft.insertion_order,
    // V2 knows two positions; SillyTavern's others live in extensions.position (and write after_char here).
    position: draft.position === 'before_char' ? 'before_char' : 'after_char',
    extensions,
  };
  delete entry.key;
  delete entry.keysecondary;
  if ('disable' in original) entry.disable = !draft.enabled;
  if ('order' in original) entry.order = draft.insertion_order;
  if ('case_sensitive' in extensions) extensions.case_sensitive = draft.case_sensitive;
  // SillyTavern's numeric position (0 before the character … 6 after the examples), written when the
  // card had one or V2's two cannot say it.
  if (typeof extensions.position === 'number' || (draft.position !== 'before_char' && draft.position !== 'after_char'))
    extensions.position = LORE_POSITIONS.indexOf(draft.position);
  if (draft.activation) writeActivation(extensions, draft.activation);
  return entry;
}

/**
 * The book to store: `base`'s own fields with the editor's entries, in the editor's order. No entries
 * and no book before: no book. A book the card had stays, even emptied, with its other fields.
 */
export function lorebookFromEntries(entries: readonly LoreEntryDraft[], base: CharacterBook | undefined): CharacterBook | undefined {
  if (entries.length === 0 && !isRecord(base)) return undefined;
  const book: Json = isRecord(base) ? (structuredClone(base) as Json) : { extensions: {} };
  if (!isRecord(book.extensions)) book.extensions = {};
  const usedIds = new Set(entries.map((entry) => entry.original?.id).filter((id) => typeof id === 'number'));
  let nextId = 0;
  book.entries = entries.map((entry) => {
    if (entry.original === null) {
      while (usedIds.has(nextId)) nextId += 1;
      usedIds.add(nextId);
      return entryJson(entry, nextId);
    }
    return entryJson(entry, 0);
  });
  return book;
}
