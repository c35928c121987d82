import type { PromptPartView } from '@core/contract';

/** One row of the Prompt view: what the part is, why it is there, and what it cost. */
export interface PartRow {
  label: string;
  detail: string | null;
  /** Null for what was left out (it cost nothing). */
  tokens: number | null;
}

const NAMES: Record<PromptPartView['kind'], string> = {
  main: 'System prompt',
  lore: 'Lorebook entry',
  memory: 'Pinned memories',
  summary: 'Summary of older messages',
  persona: 'Persona',
  description: 'Description',
  personality: 'Personality',
  scenario: 'Scenario',
  examples: 'Example dialogue',
  new_chat: 'Start of the chat',
  history: 'Chat history',
  authors_note: "Author's note",
  character_note: "Character's note",
  post_history: 'Post-history instructions',
  continuation: 'Reply being continued',
  group: 'The other members',
  group_nudge: 'Group nudge',
};

const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

function loreDetail(lore: NonNullable<PromptPartView['lore']>): string {
  const why =
    lore.reason === 'key'
      ? `fired by “${lore.key ?? ''}”${lore.step > 0 ? ' in another entry' : ''}`
      : lore.reason === 'constant'
        ? 'always on'
        : lore.reason === 'sticky'
          ? 'still sticky from an earlier message'
          : 'turned on by @@activate';
  return lore.comment ? `${lore.comment}: ${why}` : why;
}

function insertedAt(part: PromptPartView): string | null {
  if (part.depth === undefined) return null;
  return part.depth === 0 ? 'after the last message' : `${plural(part.depth, 'message', 'messages')} from the end`;
}

/** A part as the view lists it. */
export function partRow(part: PromptPartView): PartRow {
  const left = part.message === null;
  if (part.kind === 'history') {
    if (left) return { label: 'Older messages left out', detail: plural(part.dropped ?? 0, 'message', 'messages'), tokens: null };
    const kept = part.history ? part.history.to - part.history.from : 0;
    return { label: NAMES.history, detail: `${plural(kept, 'message', 'messages')} kept`, tokens: part.tokens };
  }
  if (part.kind === 'examples' && left)
    return { label: 'Example dialogue left out', detail: plural(part.dropped ?? 0, 'block', 'blocks'), tokens: null };
  const detail = part.lore ? loreDetail(part.lore) : part.count !== undefined ? plural(part.count, 'memory', 'memories') : insertedAt(part);
  const cut = part.cut ? 'cut short to fit' : null;
  return {
    label: NAMES[part.kind],
    detail: [detail, cut].filter((text) => text !== null).join(' · ') || null,
    tokens: left ? null : part.tokens,
  };
}
