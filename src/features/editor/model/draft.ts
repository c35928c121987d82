/**
 * The character editor's model: the fields a person writes, in the card's own names, and the
 * conversions to and from a Character Card V3. Pure (no DOM, no React), so the server's tests and
 * the unit tests run the very code the editor saves with.
 *
 * An edited card keeps everything the editor does not show: `cardFromDraft` starts from the card as
 * loaded (its unknown fields, `extensions`, `assets`, the lorebook's other fields and each entry's
 * unshown ones) and writes only the fields below over it.
 */
import type { Card, CardData } from '@core/card/index';
import { loreEntriesFromBook, lorebookFromEntries, type LoreEntryDraft } from './lorebookDraft';

/** The text fields, each named as in the card. */
export const TEXT_FIELDS = [
  'name',
  'nickname',
  'creator',
  'character_version',
  'description',
  'personality',
  'scenario',
  'first_mes',
  'mes_example',
  'system_prompt',
  'post_history_instructions',
  'creator_notes',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** The character's note (SillyTavern's `extensions.depth_prompt`): text sent inside the chat, `depth` messages from its end. */
export interface CharacterNoteDraft {
  prompt: string;
  depth: number;
  role: 'system' | 'user' | 'assistant';
}

export interface CharacterDraft {
  text: Record<TextField, string>;
  tags: string[];
  alternate_greetings: string[];
  lorebook: LoreEntryDraft[];
  /** Absent until changed here: the card keeps its own (see noteOf). */
  note?: CharacterNoteDraft;
}

const NOTE_ROLES = ['system', 'user', 'assistant'] as const;

/** The character's note as the draft has it, else as the card had it, else SillyTavern's defaults. */
export function noteOf(draft: CharacterDraft, base: Card | null): CharacterNoteDraft {
  if (draft.note) return draft.note;
  const raw = base?.data.extensions.depth_prompt;
  const note = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  return {
    prompt: typeof note.prompt === 'string' ? note.prompt : '',
    depth: typeof note.depth === 'number' && Number.isInteger(note.depth) && note.depth >= 0 ? note.depth : 4,
    role: NOTE_ROLES.find((role) => role === note.role) ?? 'system',
  };
}

export function emptyDraft(creator = ''): CharacterDraft {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, ''])) as Record<TextField, string>;
  return { text: { ...text, creator }, tags: [], alternate_greetings: [], lorebook: [] };
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** What the editor shows of a card. */
export function draftFromCard(card: Card): CharacterDraft {
  const text = Object.fromEntries(TEXT_FIELDS.map((field) => [field, textOf(card.data[field])])) as Record<TextField, string>;
  return {
    text,
    tags: [...card.data.tags],
    alternate_greetings: [...card.data.alternate_greetings],
    lorebook: loreEntriesFromBook(card.data.character_book),
  };
}

/** A card made here starts as V3 with every required field. */
function newCard(): Card {
  const data: CardData = {
    name: '',
    description: '',
    personality: '',
    scenario: '',
    first_mes: '',
    mes_example: '',
    creator_notes: '',
    system_prompt: '',
    post_history_instructions: '',
    alternate_greetings: [],
    tags: [],
    creator: '',
    character_version: '',
    extensions: {},
    group_only_greetings: [],
  };
  return { spec: 'chara_card_v3', spec_version: '3.0', data };
}

/** Tags as a person means them: trimmed, no empty ones, each once (case-insensitively, first spelling kept). */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const tag of tags) {
    const clean = tag.trim();
    if (clean === '' || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    out.push(clean);
  }
  return out;
}

/**
 * The V3 card the draft describes: `base` (the card as loaded; none for a new character) with the
 * draft's fields written over it. `now` (seconds) stamps `modification_date`, and `creation_date` on
 * a new card, as V3 defines them.
 */
export function cardFromDraft(draft: CharacterDraft, base: Card | null, now = Math.floor(Date.now() / 1000)): Card {
  const start = base ? (structuredClone(base) as Card) : newCard();
  const data = start.data;
  for (const field of TEXT_FIELDS) {
    if (field === 'nickname') continue;
    data[field] = draft.text[field];
  }
  data.name = draft.text.name.trim();
  // A nickname is V3's optional {{char}}: absent unless written.
  const nickname = draft.text.nickname.trim();
  if (nickname) data.nickname = nickname;
  else delete data.nickname;
  data.tags = cleanTags(draft.tags);
  data.alternate_greetings = [...draft.alternate_greetings];
  if (draft.note) data.extensions = { ...data.extensions, depth_prompt: { ...draft.note } };
  const book = lorebookFromEntries(draft.lorebook, data.character_book);
  if (book) data.character_book = book;
  else delete data.character_book;
  if (!base) data.creation_date = now;
  data.modification_date = now;
  const version = Number.parseFloat(start.spec_version);
  return { ...start, spec: 'chara_card_v3', spec_version: version >= 3 ? start.spec_version : '3.0', data };
}
