import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeCard, readCard, type Card } from '../../../core/card/index';
import { buildPrompt, DEFAULT_SYSTEM_PROMPT, estimateMessageTokens, estimateTokens, personaFooter, personaHeader, type BuildPromptInput } from '../../../core/chat/index';
import type { ChatRole } from '../../../core/contract';
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
const chat = (...texts: string[]) => texts.map((content, i) => ({ role: ((texts.length - i) % 2 === 1 ? 'user' : 'assistant') as ChatRole, content }));

function build(overrides: Partial<BuildPromptInput> = {}) {
  return buildPrompt({ card: full, userName: 'Ada', history: chat('Hello {{char}}, the storm and the lamp!'), contextTokens: 100_000, replyTokens: 500, ...overrides });
}

describe('buildPrompt: layout', () => {
  it('puts system prompt, lore, card fields, examples, history and post-history instructions in order', () => {
    const { messages, droppedHistory, droppedExamples } = build();
    expect(messages).toEqual([
      {
        role: 'system',
        content: 'You are Mira, talking to Ada.\n\nStorms wreck ships here.\n\nMira keeps the lighthouse.\n\n' +
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
    const first = (data: Record<string, unknown>) => buildPrompt({ card: card(data), userName: 'Ada', history: chat('hi'), contextTokens: 9000, replyTokens: 100 }).messages[0]!.content;
    expect(first({ description: 'A keeper.' })).toBe(`${filledDefault}\n\nA keeper.`);
    expect(first({ system_prompt: '  \r\n' })).toBe(filledDefault);
    expect(first({ system_prompt: '{{original}}\nAlways answer in rhyme.' })).toBe(`${filledDefault}\nAlways answer in rhyme.`);
    expect(first({ system_prompt: 'Only this.' })).toBe('Only this.');
  });

  it('drops post-history instructions that are empty or only {{original}}', () => {
    for (const post of ['', '{{original}}', ' {{ORIGINAL}} ']) {
      const { messages } = buildPrompt({ card: card({ post_history_instructions: post }), userName: 'Ada', history: chat('hi'), contextTokens: 9000, replyTokens: 100 });
      expect(messages.at(-1)).toEqual({ role: 'user', content: 'hi' });
    }
  });

  it('leaves no empty sections or blank lines for empty fields', () => {
    const { messages } = buildPrompt({ card: card({ description: '\r\nA keeper.\r\n', personality: '  ', mes_example: '<START>\n\n<START>' }), userName: '', history: [], contextTokens: 9000, replyTokens: 100 });
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

  it('keeps the system prompt, the description and the newest message even when they alone overflow', () => {
    const result = withBudget(10);
    expect([result.droppedHistory, result.droppedExamples]).toEqual([5, 2]);
    expect(result.messages.map((message) => message.role)).toEqual(['system', 'user', 'system']);
    expect(contents(result)[0]).toContain('Mira keeps the lighthouse.');
    expect(contents(result)[1]).toBe('m5 newest');
  });

  it('stays within any budget that holds the system prompt and the newest message, whatever the history', () => {
    const plain = card({ description: 'A keeper of {{char}}.', mes_example: '<START>\n{{user}}: a\n{{char}}: b\n<START>\nc', post_history_instructions: 'Stay.' });
    const message = fc.record({ role: fc.constantFrom<ChatRole>('user', 'assistant', 'system'), content: fc.string({ unit: 'grapheme', maxLength: 80 }) });
    fc.assert(
      fc.property(fc.array(message, { maxLength: 30 }), fc.integer({ min: -50, max: 3000 }), fc.string(), (history, budget, userName) => {
        const input = { card: plain, userName, history, contextTokens: budget + 200, replyTokens: 200 };
        const result = buildPrompt(input);
        const minimum = buildPrompt({ ...input, card: card({ description: 'A keeper of {{char}}.', post_history_instructions: 'Stay.' }), history: history.slice(-1) });
        if (minimum.estimatedTokens <= budget) expect(result.estimatedTokens).toBeLessThanOrEqual(budget);
        expect(result.droppedHistory).toBeLessThanOrEqual(Math.max(0, history.length - 1));
        // system + kept history + post-history, and the kept example blocks with their closing marker
        const examples = 2 - result.droppedExamples;
        expect(result.messages).toHaveLength(2 + history.length - result.droppedHistory + examples + (examples > 0 ? 1 : 0));
      }),
      { numRuns: 300 },
    );
  });
});

describe('a card as SillyTavern exports it (tests/fixtures)', () => {
  it('builds a prompt from Willow whose lorebook wakes on "Gloamwings"', () => {
    const { card: willow } = readCard(sillyTavernCard());
    // first_mes names the marsh, but falls outside the 4 messages scanned.
    const history = chat('Thank you for helping me.', 'You are welcome.', 'What now?', 'Rest, traveler.', 'Who were the Gloamwings that attacked me?');
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
    const { messages } = buildPrompt({ ...persona, card, history: chat('{{user}} waves.', 'Hi {{user}}.', 'I am <USER>.'), contextTokens: 100_000, replyTokens: 500 });
    const text = messages.map((m) => m.content).join('\n');
    expect(messages[1]).toEqual({ role: 'system', content: '[Example Chat]\nCaptain Nova: Who are you?\nMira: The keeper.' });
    expect(messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual(['Captain Nova waves.', 'Hi Captain Nova.', 'I am Captain Nova.']);
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
