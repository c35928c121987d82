import { describe, expect, it } from 'vitest';
import { makePng, readCard, writeCard, type Card } from '@core/card/index';
import { buildPrompt, estimateMessageTokens, estimateTokens } from '@core/chat/index';
import { cardFromDraft, draftFromCard, emptyDraft, type CharacterDraft } from '../../../src/features/editor/model/draft';
import { estimateCard } from '../../../src/features/editor/model/estimates';
import { lorebookFromEntries, newLoreEntry } from '../../../src/features/editor/model/lorebookDraft';
import {
  checkDraft,
  fieldId,
  MESSAGE_EMPTY_GREETING,
  MESSAGE_LORE_NO_CONTENT,
  MESSAGE_LORE_NO_KEYS,
  MESSAGE_NAME_REQUIRED,
} from '../../../src/features/editor/model/validation';
import { testCard } from '../../support/cards';

const PICTURE = makePng({ width: 2, height: 3 });

function writtenDraft(): CharacterDraft {
  const draft = emptyDraft('Ada');
  Object.assign(draft.text, {
    name: 'Corra Vale',
    nickname: 'Corra',
    character_version: '1.2',
    description: '{{char}} keeps the lighthouse for {{user}}.',
    personality: 'steady, dry humour',
    scenario: 'A storm is coming.',
    first_mes: '*{{char}} lights the lamp.* "Evening, {{user}}."',
    mes_example: '<START>\n{{user}}: Hi\n{{char}}: The lamp is lit.',
    system_prompt: '{{original}} Keep replies short.',
    post_history_instructions: 'Stay in character.',
    creator_notes: 'Notes for people only.',
  });
  draft.tags = ['lighthouse', ' sea ', 'Sea', ''];
  draft.alternate_greetings = ['The fog rolls in.', 'Another night.'];
  draft.lorebook = [
    {
      ...newLoreEntry([]),
      keys: ['lamp'],
      secondary_keys: ['oil'],
      content: 'The lamp burns whale oil.',
      insertion_order: 5,
      position: 'after_char',
    },
    { ...newLoreEntry([]), keys: [], content: 'The island has one road.', constant: true, case_sensitive: true },
  ];
  return draft;
}

describe("the character editor's model", () => {
  it('writes a V3 card that a PNG carries and gives back unchanged', () => {
    const card = cardFromDraft(writtenDraft(), null, 1_700_000_000);
    expect(card).toMatchObject({ spec: 'chara_card_v3', spec_version: '3.0' });
    expect(card.data).toMatchObject({
      name: 'Corra Vale',
      nickname: 'Corra',
      creator: 'Ada',
      tags: ['lighthouse', 'sea'],
      alternate_greetings: ['The fog rolls in.', 'Another night.'],
      creation_date: 1_700_000_000,
      modification_date: 1_700_000_000,
      group_only_greetings: [],
      extensions: {},
    });
    const entries = (card.data.character_book as { entries: Record<string, unknown>[] }).entries;
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      keys: ['lamp'],
      secondary_keys: ['oil'],
      selective: true,
      enabled: true,
      position: 'after_char',
      insertion_order: 5,
      extensions: {},
    });
    expect(entries[1]).toMatchObject({ constant: true, case_sensitive: true, selective: false });
    expect(new Set(entries.map((entry) => entry.id)).size).toBe(2);

    const read = readCard(writeCard(PICTURE, card));
    expect(read.card).toEqual(card);
    expect(draftFromCard(read.card)).toMatchObject({ text: writtenDraft().text, tags: ['lighthouse', 'sea'] });
  });

  it('leaves out what was not written: no nickname, no lorebook', () => {
    const draft = emptyDraft();
    draft.text.name = '  Plain  ';
    const card = cardFromDraft(draft, null);
    expect(card.data.name).toBe('Plain');
    expect('nickname' in card.data).toBe(false);
    expect('character_book' in card.data).toBe(false);
  });

  it('edits an uploaded card and keeps its unknown fields, extensions, assets and the lorebook it does not show', () => {
    const uploaded: Card = {
      ...testCard({
        name: 'Old Name',
        extensions: { depth_prompt: { prompt: 'x', depth: 4 }, 'x-tool': [1, 2] },
        assets: [{ type: 'icon', uri: 'ccdefault:', name: 'main', ext: 'png' }],
        creator_notes_multilingual: { fr: 'Bonjour' },
        unknown_data_field: { nested: true },
        character_book: {
          name: 'World',
          scan_depth: 3,
          extensions: { st: true },
          entries: [
            {
              id: 4,
              keys: ['moon'],
              content: 'The moon is red.',
              enabled: true,
              insertion_order: 2,
              comment: 'mine',
              priority: 9,
              extensions: { case_sensitive: null, position: 0, probability: 50 },
              disable: false,
            },
            { id: 5, key: ['sun'], content: 'The sun is cold.', order: 7, extensions: { position: 4 } },
          ],
        },
      }),
      spec_version: '3.1',
      avatar: 'none',
    };
    const draft = draftFromCard(uploaded);
    expect(draft.lorebook.map((entry) => entry.keys)).toEqual([['moon'], ['sun']]);
    expect(draft.lorebook[1]!.insertion_order).toBe(7);
    draft.text.description = 'A new description.';
    draft.lorebook[0] = { ...draft.lorebook[0]!, enabled: false, case_sensitive: true, position: 'after_char' };

    const edited = cardFromDraft(draft, uploaded, 1_800_000_000);
    expect(edited.spec_version).toBe('3.1');
    expect(edited.avatar).toBe('none');
    const { description, modification_date, character_book, ...rest } = edited.data;
    const { description: _d, character_book: oldBook, ...oldRest } = uploaded.data;
    expect(description).toBe('A new description.');
    expect(modification_date).toBe(1_800_000_000);
    expect(rest).toEqual(oldRest);

    const book = character_book as { entries: Record<string, unknown>[] } & Record<string, unknown>;
    expect(book).toMatchObject({ name: 'World', scan_depth: 3, extensions: { st: true } });
    // Every toggle is written where the prompt and SillyTavern read it.
    expect(book.entries[0]).toMatchObject({
      id: 4,
      comment: 'mine',
      priority: 9,
      enabled: false,
      disable: true,
      case_sensitive: true,
      position: 'after_char',
      extensions: { case_sensitive: true, position: 1, probability: 50 },
    });
    // An entry in SillyTavern's world-file spelling comes back in the card's, its own position kept.
    expect(book.entries[1]).toMatchObject({ id: 5, keys: ['sun'], insertion_order: 7, order: 7, extensions: { position: 4 } });
    expect(book.entries[1]).not.toHaveProperty('key');
    expect(oldBook).toBeDefined();

    // Saved again unchanged, nothing moves.
    expect(cardFromDraft(draftFromCard(edited), edited, 1_800_000_000)).toEqual(edited);
  });

  it('keeps an emptied lorebook that the card had, with its own fields', () => {
    const book = lorebookFromEntries([], { name: 'Kept', entries: [{ keys: ['a'], content: 'b' }], extensions: {} });
    expect(book).toEqual({ name: 'Kept', entries: [], extensions: {} });
    expect(lorebookFromEntries([], undefined)).toBeUndefined();
  });

  it('estimates tokens as the prompt builder counts them', () => {
    const card = cardFromDraft(writtenDraft(), null);
    const size = { contextTokens: 8192, replyTokens: 512 };
    const estimate = estimateCard(card, 'Sam', size);
    expect(estimate.budget).toBe(7680);
    expect(estimate.fields.description).toBe(estimateTokens('Corra keeps the lighthouse for Sam.'));
    expect(estimate.fields.first_mes).toBe(estimateTokens('*Corra lights the lamp.* "Evening, Sam."'));
    expect(estimate.greetings).toEqual([estimateTokens('The fog rolls in.'), estimateTokens('Another night.')]);
    expect(estimate.lore).toEqual([estimateTokens('The lamp burns whale oil.'), estimateTokens('The island has one road.')]);

    // The first reply's prompt, as the server builds it: the stored greeting, then the person's message.
    const greeting = '*Corra lights the lamp.* "Evening, Sam."';
    const message = 'Hello there, is the lamp lit?';
    const prompt = buildPrompt({
      card,
      userName: 'Sam',
      history: [
        { role: 'assistant', content: greeting },
        { role: 'user', content: message },
      ],
      ...size,
    });
    expect(prompt.droppedHistory + prompt.droppedExamples).toBe(0);
    expect(estimate.total + estimateMessageTokens({ content: message })).toBe(prompt.estimatedTokens);
  });

  it('says what keeps a draft from being saved, beside the field it is about', () => {
    const draft = emptyDraft();
    draft.alternate_greetings = ['  '];
    draft.lorebook = [newLoreEntry([])];
    const card = cardFromDraft(draft, null);
    const check = checkDraft(draft, card, estimateCard(card, 'Sam', { contextTokens: 8192, replyTokens: 512 }));
    expect(check.errors).toEqual([
      { field: fieldId.text('name'), message: MESSAGE_NAME_REQUIRED, severity: 'error' },
      { field: fieldId.greeting(0), message: MESSAGE_EMPTY_GREETING, severity: 'error' },
      { field: fieldId.loreContent(0), message: MESSAGE_LORE_NO_CONTENT, severity: 'error' },
      { field: fieldId.loreKeys(0), message: MESSAGE_LORE_NO_KEYS, severity: 'error' },
    ]);
    expect(check.warnings.map((warning) => warning.field)).toEqual([fieldId.text('first_mes')]);

    const written = writtenDraft();
    const full = cardFromDraft(written, null);
    expect(checkDraft(written, full, estimateCard(full, 'Sam', { contextTokens: 8192, replyTokens: 512 })).errors).toEqual([]);
    const tight = checkDraft(written, full, estimateCard(full, 'Sam', { contextTokens: 100, replyTokens: 50 }));
    expect(tight.warnings.find((warning) => warning.field === fieldId.tokens)?.message).toMatch(/more than the 50 the model has/);
  });
});
