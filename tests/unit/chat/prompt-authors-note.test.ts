import { describe, expect, it } from 'vitest';
import { authorsNoteOf, buildPrompt, noteIsDue, withAuthorsNote } from '@core/chat/index';
import { card, chat } from './promptSupport';

const withNotes = card({
  description: 'Desc.',
  extensions: { depth_prompt: { prompt: 'Card note.', depth: 1, role: 'system' } },
  character_book: {
    entries: [{ id: 1, keys: ['storm'], content: 'AN top lore.', enabled: true, extensions: { position: 2 } }],
  },
});
const history = chat('one', 'a', 'two', 'b', 'three storm');
const build = (note: { text: string; depth: number; interval: number; role: 'system' | 'user' | 'assistant' } | undefined) =>
  buildPrompt({ card: withNotes, userName: 'Ada', history, contextTokens: 9000, replyTokens: 100, authorsNote: note });

describe("buildPrompt: the chat's author's note", () => {
  it("goes at its depth with its role, between the lorebook's AN top and bottom, beside the card's own character's note", () => {
    const result = build({ text: 'Keep it tense.', depth: 2, interval: 1, role: 'system' });
    const contents = result.messages.map((m) => m.content);
    const at = contents.indexOf('AN top lore.\nKeep it tense.');
    // Two messages from the end: before 'b' and 'three'.
    expect(contents.slice(at + 1)).toEqual(['b', 'Card note.', 'three storm']);
    expect(result.parts.find((p) => p.kind === 'authors_note')).toMatchObject({ message: at, depth: 2, role: 'system' });
    expect(result.parts.find((p) => p.kind === 'character_note')).toMatchObject({ depth: 1 });
  });

  it('goes with every N-th message of the person only, as SillyTavern counts them; 0 is off and takes the AN lore with it', () => {
    // Three user messages in the chat.
    expect(build({ text: 'Every third.', depth: 0, interval: 3, role: 'user' }).messages.at(-1)).toEqual({
      role: 'user',
      content: 'AN top lore.\nEvery third.',
    });
    const off = build({ text: 'Every second.', depth: 0, interval: 2, role: 'system' });
    expect(off.messages.some((m) => m.content.includes('Every second.') || m.content.includes('AN top lore.'))).toBe(false);
    expect(build({ text: 'Off.', depth: 0, interval: 0, role: 'system' }).parts.some((p) => p.kind === 'authors_note')).toBe(false);
    expect([noteIsDue(1, 0), noteIsDue(2, 1), noteIsDue(2, 2), noteIsDue(2, 3), noteIsDue(0, 4)]).toEqual([
      true,
      false,
      true,
      false,
      false,
    ]);
  });

  it('leaves the prompt as it was without one', () => {
    expect(build(undefined).messages).toEqual(build({ text: '', depth: 4, interval: 1, role: 'system' }).messages);
  });

  it("reads and writes SillyTavern's chat_metadata keys, defaults for odd values", () => {
    expect(authorsNoteOf({})).toEqual({ text: '', depth: 4, interval: 1, role: 'system' });
    expect(authorsNoteOf({ note_prompt: 'x', note_depth: 2, note_interval: 3, note_role: 1 })).toEqual({
      text: 'x',
      depth: 2,
      interval: 3,
      role: 'user',
    });
    expect(authorsNoteOf({ note_prompt: 7, note_depth: 'deep', note_interval: -2, note_role: 9 })).toEqual({
      text: '',
      depth: 4,
      interval: 0,
      role: 'system',
    });
    expect(withAuthorsNote({ other: true }, { text: 'n', depth: 2, interval: 1, role: 'assistant' })).toEqual({
      other: true,
      note_prompt: 'n',
      note_depth: 2,
      note_interval: 1,
      note_position: 1,
      note_role: 2,
    });
  });
});
