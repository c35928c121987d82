import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { testCard } from '../../support/cards';
import { cardFromDraft, draftFromCard, emptyDraft } from '../../../src/features/editor/model/draft';
import { estimateCard } from '../../../src/features/editor/model/estimates';
import { activationFromEntry, DEFAULT_ACTIVATION } from '../../../src/features/editor/model/loreActivation';
import { newLoreEntry } from '../../../src/features/editor/model/lorebookDraft';
import { macroFiller } from '../../../src/features/editor/model/macroPreview';
import { checkDraft, fieldId } from '../../../src/features/editor/model/validation';
import { MacroPreview } from '../../../src/features/editor/fields/MacroPreview';
import { LoreActivation } from '../../../src/features/editor/sections/LoreActivation';

const entriesOf = (card: ReturnType<typeof cardFromDraft>) => (card.data.character_book as { entries: Record<string, unknown>[] }).entries;

describe("the editor's lorebook activation options", () => {
  it("shows an entry's options as the prompt reads them, SillyTavern's defaults where it has none", () => {
    expect(activationFromEntry(null)).toEqual(DEFAULT_ACTIVATION);
    expect(
      activationFromEntry({
        keys: ['a'],
        content: 'b',
        extensions: {
          match_whole_words: false,
          scan_depth: 5,
          probability: 40,
          useProbability: true,
          group: 'weather',
          group_weight: 30,
          prevent_recursion: true,
          depth: 2,
          role: 1,
          sticky: 3,
        },
      }),
    ).toMatchObject({
      wholeWords: false,
      scanDepth: 5,
      probability: 40,
      group: 'weather',
      groupWeight: 30,
      preventRecursion: true,
      depth: 2,
      role: 'user',
      sticky: 3,
    });
  });

  it('writes changed options where SillyTavern reads them, @depth with its role, and nothing for an untouched new entry', () => {
    const draft = emptyDraft();
    draft.text.name = 'Mira';
    const plain = { ...newLoreEntry([]), keys: ['a'], content: 'Plain.' };
    const deep = {
      ...newLoreEntry([plain]),
      keys: ['b'],
      content: 'Deep.',
      position: 'at_depth' as const,
      activation: {
        ...DEFAULT_ACTIVATION,
        wholeWords: false,
        probability: 25,
        excludeRecursion: true,
        group: 'g',
        depth: 1,
        role: 'assistant' as const,
      },
    };
    draft.lorebook = [plain, deep];
    const [first, second] = entriesOf(cardFromDraft(draft, null));
    expect(first!.extensions).toEqual({});
    expect(second).toMatchObject({
      position: 'after_char',
      extensions: {
        position: 4,
        depth: 1,
        role: 2,
        match_whole_words: false,
        probability: 25,
        useProbability: true,
        exclude_recursion: true,
        group: 'g',
      },
    });
    // Read back, the entry is where it was put.
    expect(draftFromCard(cardFromDraft(draft, null)).lorebook[1]).toMatchObject({ position: 'at_depth' });
  });

  it('offers the options in a folded part of the entry, @depth asking for its depth and role', () => {
    const change = vi.fn();
    const entry = { ...newLoreEntry([]), keys: ['b'], secondary_keys: ['c'], position: 'at_depth' as const };
    render(<LoreActivation entry={entry} base="lore-0" change={change} />);
    for (const label of [
      'Whole words only',
      'Case-sensitive',
      "Other entries can't bring it in",
      "Doesn't bring other entries in",
      'Messages scanned',
      'Chance (%)',
      'Inclusion group',
      'Weight',
      'Position',
      'Depth',
      'Said as',
      'A key, then the secondary keys',
    ]) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    fireEvent.click(screen.getByLabelText('Whole words only'));
    expect(change).toHaveBeenLastCalledWith({ activation: { ...DEFAULT_ACTIVATION, wholeWords: false } });
    fireEvent.change(screen.getByLabelText('Chance (%)'), { target: { value: '30' } });
    expect(change).toHaveBeenLastCalledWith({ activation: { ...DEFAULT_ACTIVATION, probability: 30 } });
  });

  it("names a regular-expression key cardchat cannot run beside the entry's keys", () => {
    const draft = emptyDraft();
    draft.text.name = 'Mira';
    draft.lorebook = [{ ...newLoreEntry([]), keys: ['/(?=x)/'], content: 'x' }];
    const card = cardFromDraft(draft, null);
    const check = checkDraft(draft, card, estimateCard(card, 'Sam', { contextTokens: 8192, replyTokens: 512 }));
    expect(check.warnings.find((w) => w.field === fieldId.loreKeys(0))?.message).toMatch(
      /^The key \/\(\?=x\)\/ is not a pattern cardchat can run/,
    );
  });
});

describe("the editor's macros", () => {
  it('previews a field with its macros filled for this person, the same at every keystroke', () => {
    const fill = macroFiller(testCard({ name: 'Mira', description: 'A keeper.' }), 'Sam');
    const text = '{{char}} greets {{user}}: {{random::hi::hello}}.{{// secret}} {{description}}';
    expect(fill(text)).toMatch(/^Mira greets Sam: (hi|hello)\. A keeper\.$/);
    expect(fill(text)).toBe(fill(text));
  });

  it('lists the macros a field uses, flags unknown ones, and shows the preview', () => {
    render(<MacroPreview id="x" text="{{char}} {{mood}} {{random::a::b}}" fill={() => 'FILLED'} />);
    expect(screen.getByText('{{char}}')).toBeTruthy();
    expect(screen.getByText('{{mood}}')).toBeTruthy();
    expect(screen.getByText(/not a macro cardchat knows/)).toBeTruthy();
    expect(screen.getByText('FILLED')).toBeTruthy();
  });

  it("writes the character's note once changed, and leaves a card's own untouched until then", () => {
    const uploaded = testCard({ name: 'Mira', extensions: { depth_prompt: { prompt: 'Be kind.', depth: 2 } } });
    const draft = draftFromCard(uploaded);
    expect(cardFromDraft(draft, uploaded).data.extensions.depth_prompt).toEqual({ prompt: 'Be kind.', depth: 2 });
    draft.note = { prompt: 'Be curt.', depth: 1, role: 'assistant' };
    expect(cardFromDraft(draft, uploaded).data.extensions.depth_prompt).toEqual({ prompt: 'Be curt.', depth: 1, role: 'assistant' });
  });
});
