import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeCard, readCard, type Card } from '@core/card/index';
import {
  buildPrompt,
  DEFAULT_SYSTEM_PROMPT,
  estimateMessageTokens,
  estimateTokens,
  personaFooter,
  personaHeader,
  truncateToTokens,
  withChosenSwipe,
  withEditedContent,
  withNewSwipe,
  type BuildPromptInput,
  type SwipeFields,
} from '@core/chat/index';
import type { ChatRole } from '@core/contract';
import { sillyTavernCard } from '../../fixtures/ecosystem';

function card(data: Record<string, unknown>): Card {
  return normalizeCard({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Mira Vell', ...data } }).card;
}

const full = card({
  nickname: 'Mira',
  system_prompt: 'You are {{char}}, talking to {{user}}.',
  description: '{{char}} keeps the lighthouse.',
  personality: 'patient, wry',
  scenario: '<USER> washes ashore.',
  mes_example: '<START>\n{{user}}: Who are you?\n{{char}}: The keeper.\n<start>\n<USER>: Why?\n<BOT>: Ships.',
  post_history_instructions: 'Stay in character as {{char}}.',
  creator_notes: 'CREATOR-NOTES-7f3a',
  creator_notes_multilingual: { en: 'MULTI-NOTES-91b2' },
  character_book: {
    entries: [
      { keys: ['storm'], content: 'Storms wreck ships here.', insertion_order: 2 },
      { keys: ['lamp'], content: '{{char}} trims the lamp nightly.', position: 'after_char', insertion_order: 1 },
    ],
  },
});

/** Alternating turns ending with the user's. */
const chat = (...texts: string[]) =>
  texts.map((content, i) => ({ role: ((texts.length - i) % 2 === 1 ? 'user' : 'assistant') as ChatRole, content }));

function build(overrides: Partial<BuildPromptInput> = {}) {
  return buildPrompt({
    card: full,
    userName: 'Ada',
    history: chat('Hello {{char}}, the storm and the lamp!'),
    contextTokens: 100_000,
    replyTokens: 500,
    ...overrides,
  });
}

describe('buildPrompt: layout', () => {
  it('puts system prompt, lore, card fields, examples, history and post-history instructions in order', () => {
    const { messages, droppedHistory, droppedExamples } = build();
    expect(messages).toEqual([
      {
        role: 'system',
        content:
          'You are Mira, talking to Ada.\n\nStorms wreck ships here.\n\nMira keeps the lighthouse.\n\n' +
          "Mira's personality: patient, wry\n\nScenario: Ada washes ashore.\n\nMira trims the lamp nightly.",
      },
      { role: 'system', content: '[Example Chat]\nAda: Who are you?\nMira: The keeper.' },
      { role: 'system', content: '[Example Chat]\nAda: Why?\nMira: Ships.' },
      { role: 'system', content: '[Start a new Chat]' },
      { role: 'user', content: 'Hello Mira, the storm and the lamp!' },
      { role: 'system', content: 'Stay in character as Mira.' },
    ]);
    expect([droppedHistory, droppedExamples]).toEqual([0, 0]);
  });

  it('never puts creator_notes anywhere in the prompt', () => {
    const text = JSON.stringify(build().messages);
    expect(text).not.toContain('CREATOR-NOTES-7f3a');
    expect(text).not.toContain('MULTI-NOTES-91b2');
  });

  it('uses the default system prompt when the card has none, and for {{original}}', () => {
    const filledDefault = DEFAULT_SYSTEM_PROMPT.replaceAll('{{char}}', 'Mira Vell').replaceAll('{{user}}', 'Ada');
    const first = (data: Record<string, unknown>) =>
      buildPrompt({ card: card(data), userName: 'Ada', history: chat('hi'), contextTokens: 9000, replyTokens: 100 }).messages[0]!.content;
    expect(first({ description: 'A keeper.' })).toBe(`${filledDefault}\n\nA keeper.`);
    expect(first({ system_prompt: '  \r\n' })).toBe(filledDefault);
    expect(first({ system_prompt: '{{original}}\nAlways answer in rhyme.' })).toBe(`${filledDefault}\nAlways answer in rhyme.`);
    expect(first({ system_prompt: 'Only this.' })).toBe('Only this.');
  });

  it('drops post-history instructions that are empty or only {{original}}', () => {
    for (const post of ['', '{{original}}', ' {{ORIGINAL}} ']) {
      const { messages } = buildPrompt({
        card: card({ post_history_instructions: post }),
        userName: 'Ada',
        history: chat('hi'),
        contextTokens: 9000,
        replyTokens: 100,
      });
      expect(messages.at(-1)).toEqual({ role: 'user', content: 'hi' });
    }
  });

  it('leaves no empty sections or blank lines for empty fields', () => {
    const { messages } = buildPrompt({
      card: card({ description: '\r\nA keeper.\r\n', personality: '  ', mes_example: '<START>\n\n<START>' }),
      userName: '',
      history: [],
      contextTokens: 9000,
      replyTokens: 100,
    });
    expect(messages).toHaveLength(1);
    expect(messages[0]!.content).not.toMatch(/\n\n\n|\r|personality|Scenario|\[Example/);
    expect(messages[0]!.content).toContain('between Mira Vell and User.'); // no user name → "User"
  });

  it('fills placeholders in history messages too, so a stored raw greeting reads right', () => {
    const { messages } = build({ history: chat('hi', '*{{char}} waves at <USER>*', 'and?') });
    expect(messages.map((message) => message.content)).toContain('*Mira waves at Ada*');
    expect(JSON.stringify(messages)).not.toMatch(/\{\{(char|user)\}\}|<BOT>|<USER>/i);
  });

  it('reports an estimate equal to the sum of its messages', () => {
    const { messages, estimatedTokens } = build();
    expect(estimatedTokens).toBe(messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0));
    expect(estimateTokens('1234567')).toBe(2);
    expect(estimateTokens('日本語')).toBe(3);
  });
});

describe('buildPrompt: fitting the budget', () => {
  const history = chat('m0 storm', 'm1 aaaa', 'm2 bbbb', 'm3 cccc', 'm4 dddd', 'm5 newest');
  const needed = build({ history }).estimatedTokens;
  const withBudget = (budget: number) => build({ history, contextTokens: budget + 500 });
  const contents = (result: ReturnType<typeof build>) => result.messages.map((message) => message.content);

  it('drops the oldest history first, keeping the newest messages', () => {
    const result = withBudget(needed - 1);
    expect(result.droppedHistory).toBe(1);
    expect(result.droppedExamples).toBe(0);
    expect(contents(result)).not.toContain('m0 storm');
    expect(contents(result)).toContain('m1 aaaa');
    expect(result.estimatedTokens).toBeLessThanOrEqual(needed - 1);
  });

  it('drops example blocks, last first, once only the newest message is left of the history', () => {
    const oneExample = estimateMessageTokens({ content: '[Example Chat]\nAda: Why?\nMira: Ships.' });
    const older = history.slice(0, -1).reduce((sum, message) => sum + estimateMessageTokens(message), 0);
    const result = withBudget(needed - older - oneExample);
    expect(result.droppedHistory).toBe(5);
    expect(result.droppedExamples).toBe(1);
    expect(contents(result)).toContain('[Example Chat]\nAda: Who are you?\nMira: The keeper.');
    expect(contents(result)).not.toContain('[Example Chat]\nAda: Why?\nMira: Ships.');
    expect(contents(result)).toContain('m5 newest');
  });

  it('cuts the longest card fields, each marked, to fit a budget the card alone would overflow; the newest message stays', () => {
    const huge = card({
      description: 'd'.repeat(20_000),
      personality: 'patient, wry',
      scenario: 's'.repeat(8_000),
      post_history_instructions: 'p'.repeat(30_000),
    });
    const result = buildPrompt({ card: huge, userName: 'Ada', history, contextTokens: 1_500, replyTokens: 500 });
    expect(result.estimatedTokens).toBeLessThanOrEqual(1_000);
    expect(result.estimatedTokens).toBe(result.messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0));
    const [system] = contents(result);
    const cut = (letter: string) => new RegExp(`${letter}+ \\[…\\]`).exec(contents(result).join('\n'))?.[0] ?? '';
    expect(system).toContain("Mira Vell's personality: patient, wry");
    for (const letter of ['d', 's', 'p']) expect(cut(letter)).not.toBe('');
    // The longest are cut to the same length, so none crowds the others out.
    expect(Math.abs(cut('d').length - cut('p').length)).toBeLessThan(8);
    expect(Math.abs(cut('d').length - cut('s').length)).toBeLessThan(16); // 'Scenario: ' is part of its section
    // What was cut still takes most of the card's share, and history is left its quarter.
    expect(['d', 's', 'p'].reduce((sum, letter) => sum + estimateTokens(cut(letter)), 0)).toBeGreaterThan(0.75 * 1_000 * 0.8);
    expect(contents(result)).toContain('m5 newest');
    expect(result.droppedHistory).toBeLessThan(history.length - 1);
  });

  it('cuts a newest message over half the budget, marked, rather than sending too much', () => {
    const result = build({ history: chat('x'.repeat(10_000)), contextTokens: 1_500, replyTokens: 500 });
    const newest = result.messages.find((message) => message.role === 'user')!.content;
    expect(newest.endsWith(' […]')).toBe(true);
    expect(estimateTokens(newest)).toBeLessThanOrEqual(500);
    expect(result.estimatedTokens).toBeLessThanOrEqual(1_000);
  });

  it('cuts a text to a token count at a character, never inside a surrogate pair', () => {
    expect(truncateToTokens('short', 10, '[…]')).toBe('short');
    expect(truncateToTokens('😀'.repeat(10), 6, '[…]')).toBe('😀'.repeat(2) + ' […]');
    expect(truncateToTokens('abcdefgh', 1, '[…]')).toBe('');
    expect(estimateTokens(truncateToTokens('a'.repeat(1_000), 50, '[…]'))).toBeLessThanOrEqual(50);
  });

  it('stays within any budget of 16 tokens or more, whatever the card and the history', () => {
    const text = fc.string({ unit: 'grapheme', maxLength: 400 });
    const cards = fc
      .record({
        description: text,
        personality: text,
        scenario: text,
        system_prompt: text,
        post_history_instructions: text,
        mes_example: text,
      })
      .map(card);
    const message = fc.record({
      role: fc.constantFrom<ChatRole>('user', 'assistant', 'system'),
      content: fc.string({ unit: 'grapheme', maxLength: 300 }),
    });
    fc.assert(
      fc.property(
        cards,
        fc.array(message, { maxLength: 30 }),
        fc.integer({ min: 16, max: 3000 }),
        fc.string(),
        (drawn, history, budget, userName) => {
          const result = buildPrompt({ card: drawn, userName, history, contextTokens: budget + 200, replyTokens: 200 });
          expect(result.estimatedTokens).toBeLessThanOrEqual(budget);
          expect(result.estimatedTokens).toBe(result.messages.reduce((sum, m) => sum + estimateMessageTokens(m), 0));
          expect(result.droppedHistory).toBeLessThanOrEqual(Math.max(0, history.length - 1));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('buildPrompt: a history people changed (edits, versions, deletes)', () => {
  /** Stored rows as the server reads them into a prompt: each message's shown text. */
  const historyOf = (rows: (SwipeFields & { role: ChatRole })[]) => rows.map(({ role, content }) => ({ role, content }));
  const question = { role: 'user' as ChatRole, content: 'Where is the boat?' };

  it('carries an edited message, not what it said before', () => {
    const reply = { role: 'assistant' as ChatRole, ...withEditedContent({ content: 'The boat is red.' }, 'The boat is blue.') };
    const { messages } = build({ history: historyOf([question, reply, { role: 'user', content: 'Thanks.' }]) });
    expect(messages.slice(-4, -1)).toEqual([
      question,
      { role: 'assistant', content: 'The boat is blue.' },
      { role: 'user', content: 'Thanks.' },
    ]);
    expect(JSON.stringify(messages)).not.toContain('red');
  });

  it('carries the chosen version of a reply, and only that one', () => {
    let reply: SwipeFields = { content: 'Version zero.' };
    reply = withNewSwipe(reply, 'Version one.');
    reply = withNewSwipe(reply, 'Version two.');
    reply = withChosenSwipe(reply, 0);
    expect(reply).toEqual({ content: 'Version zero.', swipes: ['Version zero.', 'Version one.', 'Version two.'], swipe_id: 0 });
    const { messages } = build({ history: historyOf([question, { role: 'assistant', ...reply }, { role: 'user', content: 'Go on.' }]) });
    expect(messages.filter((message) => message.role === 'assistant')).toEqual([{ role: 'assistant', content: 'Version zero.' }]);
  });

  it("continue: ends with the reply so far as the character's own turn, after the post-history instructions, with no new user turn", () => {
    const { messages } = build({ history: chat('Tell me of {{char}}.'), continuation: 'Once, {{char}} kept' });
    expect(messages.slice(-3)).toEqual([
      { role: 'user', content: 'Tell me of Mira.' },
      { role: 'system', content: 'Stay in character as Mira.' },
      { role: 'assistant', content: 'Once, Mira kept' },
    ]);
    expect(messages.filter((message) => message.role === 'user')).toHaveLength(1);
  });

  it('continue: the reply so far stays in whatever the budget, and wakes lore like the history does', () => {
    const tight = build({ history: chat('m0', 'm1', 'm2 newest'), continuation: 'The storm rose', contextTokens: 10 + 500 });
    expect(tight.messages.at(-1)).toEqual({ role: 'assistant', content: 'The storm rose' });
    const lore = build({ history: chat('hello'), continuation: 'I walked to the lamp.' });
    expect(lore.messages[0]!.content).toContain('Mira trims the lamp nightly.');
    expect(lore.messages[0]!.content).not.toContain('Storms wreck ships here.');
  });
});

describe('a card as SillyTavern exports it (tests/fixtures)', () => {
  it('builds a prompt from Willow whose lorebook wakes on "Gloamwings"', () => {
    const { card: willow } = readCard(sillyTavernCard());
    // first_mes names the marsh, but falls outside the 4 messages scanned.
    const history = chat(
      'Thank you for helping me.',
      'You are welcome.',
      'What now?',
      'Rest, traveler.',
      'Who were the Gloamwings that attacked me?',
    );
    history.unshift({ role: 'assistant', content: willow.data.first_mes });
    const { messages } = buildPrompt({ card: willow, userName: 'Ada', history, contextTokens: 8192, replyTokens: 512 });
    const system = messages[0]!.content;
    expect(system).toContain('"What are Gloamwings?"');
    expect(system).toContain('Ada: "What are Gloamwings?"\nWillow:');
    expect(willow.data.first_mes).toContain('marsh');
    expect(system).not.toContain('"What is Hollowmere?"');
    expect(system.indexOf('What are Gloamwings?')).toBeLessThan(system.indexOf("[Willow's Personality="));
    expect(JSON.stringify(messages)).not.toContain(willow.data.creator_notes);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Who were the Gloamwings that attacked me?' });
  });
});

describe('buildPrompt: the user as a persona', () => {
  const persona = { userName: 'Captain Nova', personaDescription: 'A starship pilot who trusts {{char}}.\r\nShe calls herself {{user}}.' };

  it("puts the persona's description after the scenario and the lore after the character, between its own lines", () => {
    const system = build(persona).messages[0]!.content;
    expect(system).toBe(
      'You are Mira, talking to Captain Nova.\n\nStorms wreck ships here.\n\nMira keeps the lighthouse.\n\n' +
        "Mira's personality: patient, wry\n\nScenario: Captain Nova washes ashore.\n\nMira trims the lamp nightly.\n\n" +
        "[Captain Nova's persona]\nA starship pilot who trusts Mira.\nShe calls herself Captain Nova.\n[End of Captain Nova's persona]",
    );
    expect(system.indexOf(personaHeader('Captain Nova'))).toBeGreaterThan(system.indexOf('Scenario:'));
    expect(system.endsWith(personaFooter('Captain Nova'))).toBe(true);
  });

  it('fills {{user}} with the persona name everywhere: examples, history and post-history instructions too', () => {
    const card = full;
    const { messages } = buildPrompt({
      ...persona,
      card,
      history: chat('{{user}} waves.', 'Hi {{user}}.', 'I am <USER>.'),
      contextTokens: 100_000,
      replyTokens: 500,
    });
    const text = messages.map((m) => m.content).join('\n');
    expect(messages[1]).toEqual({ role: 'system', content: '[Example Chat]\nCaptain Nova: Who are you?\nMira: The keeper.' });
    expect(messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual([
      'Captain Nova waves.',
      'Hi Captain Nova.',
      'I am Captain Nova.',
    ]);
    expect(text).not.toMatch(/\{\{user\}\}|<USER>|Ada/i);
  });

  it('adds nothing for a blank description, and the name alone still stands for {{user}}', () => {
    const system = build({ userName: 'Captain Nova', personaDescription: ' \n ' }).messages[0]!.content;
    expect(system).not.toContain('persona]');
    expect(system).toContain('Scenario: Captain Nova washes ashore.');
    expect(build({ userName: 'Captain Nova' }).messages[0]!.content).toBe(system);
  });

  it('inserts a name holding {{user}} or $& literally, never expanding it again', () => {
    const system = build({ userName: '{{user}} $&', personaDescription: 'I am {{user}}.' }).messages[0]!.content;
    expect(system).toContain("[{{user}} $&'s persona]\nI am {{user}} $&.\n[End of {{user}} $&'s persona]");
  });
});
