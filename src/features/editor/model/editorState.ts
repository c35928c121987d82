/**
 * The editor's changes as one reducer over the draft record, so each is a plain function (tested
 * without React) and the record Dexie keeps is always whole. A removed greeting or lorebook entry
 * is kept aside until the next change, for Undo.
 */
import type { CharacterDraftRecord, DraftPicture } from '../../../db/drafts';
import type { CharacterNoteDraft, TextField } from './draft';
import { newLoreEntry, type LoreEntryDraft } from './lorebookDraft';

export type ListName = 'alternate_greetings' | 'lorebook';

export interface Removed {
  list: ListName;
  index: number;
  item: string | LoreEntryDraft;
}

export interface EditorState {
  record: CharacterDraftRecord;
  /** The person changed something since it was loaded or last saved: worth keeping on the device. */
  changed: boolean;
  removed: Removed | null;
}

export type EditorAction =
  | { type: 'text'; field: TextField; value: string }
  | { type: 'tags'; tags: string[] }
  | { type: 'note'; note: CharacterNoteDraft }
  | { type: 'greeting'; index: number; value: string }
  | { type: 'lore'; index: number; patch: Partial<Omit<LoreEntryDraft, 'uid' | 'original'>> }
  | { type: 'add'; list: ListName }
  | { type: 'remove'; list: ListName; index: number }
  | { type: 'move'; list: ListName; index: number; by: -1 | 1 }
  | { type: 'undo' }
  | { type: 'picture'; picture: DraftPicture | null }
  | { type: 'publicRelease'; value: boolean }
  /** A record loaded, saved or discarded: what is on the screen now, nothing to keep yet. */
  | { type: 'load'; record: CharacterDraftRecord };

export function initialEditorState(record: CharacterDraftRecord): EditorState {
  return { record, changed: false, removed: null };
}

function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const out = [...list];
  [out[index], out[to]] = [out[to]!, out[index]!];
  return out;
}

function withList(record: CharacterDraftRecord, list: ListName, items: unknown[]): CharacterDraftRecord {
  return { ...record, draft: { ...record.draft, [list]: items } };
}

function listOf(record: CharacterDraftRecord, list: ListName): unknown[] {
  return record.draft[list];
}

/** The record after one change; `removed` survives only the change right after a removal. */
function changedRecord(record: CharacterDraftRecord, action: EditorAction): { record: CharacterDraftRecord; removed?: Removed } {
  const { draft } = record;
  switch (action.type) {
    case 'text':
      return { record: { ...record, draft: { ...draft, text: { ...draft.text, [action.field]: action.value } } } };
    case 'tags':
      return { record: { ...record, draft: { ...draft, tags: action.tags } } };
    case 'note':
      return { record: { ...record, draft: { ...draft, note: action.note } } };
    case 'greeting':
      return {
        record: withList(
          record,
          'alternate_greetings',
          draft.alternate_greetings.map((text, i) => (i === action.index ? action.value : text)),
        ),
      };
    case 'lore':
      return {
        record: withList(
          record,
          'lorebook',
          draft.lorebook.map((entry, i) => (i === action.index ? { ...entry, ...action.patch } : entry)),
        ),
      };
    case 'add': {
      const item = action.list === 'lorebook' ? newLoreEntry(draft.lorebook) : '';
      return { record: withList(record, action.list, [...listOf(record, action.list), item]) };
    }
    case 'remove': {
      const items = listOf(record, action.list);
      const item = items[action.index] as Removed['item'] | undefined;
      if (item === undefined) return { record };
      return {
        record: withList(
          record,
          action.list,
          items.filter((_, i) => i !== action.index),
        ),
        removed: { list: action.list, index: action.index, item },
      };
    }
    case 'move':
      return { record: withList(record, action.list, moved(listOf(record, action.list), action.index, action.by)) };
    case 'picture':
      return { record: { ...record, picture: action.picture } };
    case 'publicRelease':
      return { record: { ...record, publicRelease: action.value } };
    case 'undo':
    case 'load':
      return { record };
  }
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  if (action.type === 'load') return initialEditorState(action.record);
  if (action.type === 'undo') {
    const { removed } = state;
    if (!removed) return state;
    const items = [...listOf(state.record, removed.list)];
    items.splice(Math.min(removed.index, items.length), 0, removed.item);
    return { record: withList(state.record, removed.list, items), changed: true, removed: null };
  }
  const next = changedRecord(state.record, action);
  return { record: next.record, changed: true, removed: next.removed ?? null };
}
