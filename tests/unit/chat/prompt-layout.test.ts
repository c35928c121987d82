import { describe, expect, it } from 'vitest';
import { readCard } from '@core/card/index';
import {
  buildPrompt,
  DEFAULT_SYSTEM_PROMPT,
  estimateMessageTokens,
  estimateTokens,
  withChosenSwipe,
  withEditedContent,
  withNewSwipe,
  type SwipeFields,
} from '@core/chat/index';
import type { ChatRole } from '@core/contract';
import { sillyTavernCard } from '../../fixtures/ecosystem';
import { build, card, chat, contents, full } from './promptSupport';

const sys = (content: string) => ({ role: 'system', content });

describe("buildPrompt: SillyTavern's default Chat Completion layout", () => {
  it('puts main prompt, lore before, fields in their wrappers, lore after, examples, [Start a new Chat], history, post-history', () => {
    const { messages, droppedHistory, droppedExamples } = build();
    expect(messages).toEqual([
      sys('You are Mira, talking to Ada.'),
      sys('Storms wreck ships here.'),
      sys('Mira keeps the lighthouse.'),
      sys("[Mira's personality: patient, wry]"),
      sys('[Circumstances and context of the dialogue: Ada washes ashore.]'),
      sys('Mira trims the lamp nightly.'),
      sys('[Example Chat]\nAda: Who are you?\nMira: The keeper.'),
      sys('[Example Chat]\nAda: Why?\nMira: Ships.'),
      sys('[Start a new Chat]'),
      { role: 'user', content: 'Hello Mira, the storm and the lamp!' },
      sys('Stay in character as Mira.'),
    ]);
    expect([droppedHistory, droppedExamples]).toEqual([0, 0]);
  });

  it('never puts creator_notes anywhere in the prompt', () => {
    const text = JSON.stringify(build().messages);
    expect(text).not.toContain('CREATOR-NOTES-7f3a');
    expect(text).not.toContain('MULTI-NOTES-91b2');
  });

  it("uses SillyTavern's default main prompt when the card has none, and for the first {{original}} only", () => {
    expect(DEFAULT_SYSTEM_PROMPT).toBe("Write {{char}}'s next reply in a fictional chat between {{char}} and {{user}}.");
    const filledDefault = "Write Mira Vell's next reply in a fictional chat between Mira Vell and Ada.";
    const first = (data: Record<string, unknown>) =>
      buildPrompt({ card: card(data), userName: 'Ada', history: chat('hi'), contextTokens: 9000, replyTokens: 100 }).messages[0]!.content;
    expect(first({ description: 'A keeper.' })).toBe(filledDefault);
    expect(first({ system_prompt: '  \r\n' })).toBe(filledDefault);
    expect(first({ system_prompt: '{{original}}\nAlways answer in rhyme. {{original}}' })).toBe(
      `${filledDefault}\nAlways answer in rhyme.`,
    );
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

  it('sends [Start a new Chat] even without examples, and no empty messages for empty fields', () => {
    const { messages } = buildPrompt({
      card: card({ description: '\r\nA keeper.\r\n', personality: '  ', mes_example: '<START>\n\n<START>' }),
      userName: '',
      history: [],
      contextTokens: 9000,
      replyTokens: 100,
    });
    expect(messages).toEqual([
      sys("Write Mira Vell's next reply in a fictional chat between Mira Vell and User."), // no user name → "User"
      sys('A keeper.'),
      sys('[Start a new Chat]'),
    ]);
  });

  it('fills macros in history messages too, so a stored raw greeting reads right', () => {
    const { messages } = build({ history: chat('hi', '*{{char}} waves at <USER>*', 'and?') });
    expect(contents({ messages })).toContain('*Mira waves at Ada*');
    expect(JSON.stringify(messages)).not.toMatch(/\{\{(char|user)\}\}|<BOT>|<USER>/i);
  });

  it('shows the model the same roll in a stored message every prompt, and a fresh {{random}} in the card each prompt', () => {
    const history = [{ role: 'user' as ChatRole, content: 'I roll {{roll:d20}}.', id: 'm-1' }];
    const withCard = card({ description: 'Mood: {{random::calm::angry}}.' });
    const once = buildPrompt({ card: withCard, userName: 'Ada', history, contextTokens: 9000, replyTokens: 100, random: () => 0 });
    const again = buildPrompt({ card: withCard, userName: 'Ada', history, contextTokens: 9000, replyTokens: 100, random: () => 0.9 });
    expect(once.messages.at(-1)).toEqual(again.messages.at(-1));
    expect(once.messages[1]!.content).toBe('Mood: calm.');
    expect(again.messages[1]!.content).toBe('Mood: angry.');
  });

  it('reports an estimate equal to the sum of its messages', () => {
    const { messages, estimatedTokens } = build();
    expect(estimatedTokens).toBe(messages.reduce((sum, message) => sum + estimateMessageTokens(message), 0));
    expect(estimateTokens('1234567')).toBe(2);
    expect(estimateTokens('日本語')).toBe(3);
  });
});

describe('buildPrompt: a history people changed', () => {
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
      sys('Stay in character as Mira.'),
      { role: 'assistant', content: 'Once, Mira kept' },
    ]);
    expect(messages.filter((message) => message.role === 'user')).toHaveLength(1);
  });

  it('continue: the reply so far stays in whatever the budget, and wakes lore like the history does', () => {
    const tight = build({ history: chat('m0', 'm1', 'm2 newest'), continuation: 'The storm rose', contextTokens: 10 + 500 });
    expect(tight.messages.at(-1)).toEqual({ role: 'assistant', content: 'The storm rose' });
    const lore = contents(build({ history: chat('hello'), continuation: 'I walked to the lamp.' }));
    expect(lore).toContain('Mira trims the lamp nightly.');
    expect(lore).not.toContain('Storms wreck ships here.');
  });
});

describe('buildPrompt: the user as a persona', () => {
  const persona = { userName: 'Captain Nova', personaDescription: 'A starship pilot who trusts {{char}}.\r\nShe calls herself {{user}}.' };

  it("puts the persona's description as written, before the character's description (SillyTavern's default order)", () => {
    const messages = contents(build(persona));
    expect(messages.slice(0, 4)).toEqual([
      'You are Mira, talking to Captain Nova.',
      'Storms wreck ships here.',
      'A starship pilot who trusts Mira.\nShe calls herself Captain Nova.',
      'Mira keeps the lighthouse.',
    ]);
  });

  it('fills {{user}} with the persona name everywhere: examples, history and post-history instructions too', () => {
    const { messages } = buildPrompt({
      ...persona,
      card: full,
      history: chat('{{user}} waves.', 'Hi {{user}}.', 'I am <USER>.'),
      contextTokens: 100_000,
      replyTokens: 500,
    });
    expect(contents({ messages })).toContain('[Example Chat]\nCaptain Nova: Who are you?\nMira: The keeper.');
    expect(messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual([
      'Captain Nova waves.',
      'Hi Captain Nova.',
      'I am Captain Nova.',
    ]);
    expect(contents({ messages }).join('\n')).not.toMatch(/\{\{user\}\}|<USER>|Ada/i);
  });

  it('adds nothing for a blank description, and the name alone still stands for {{user}}', () => {
    const blank = build({ userName: 'Captain Nova', personaDescription: ' \n ' });
    expect(blank.messages).toEqual(build({ userName: 'Captain Nova' }).messages);
    expect(contents(blank)).toContain('[Circumstances and context of the dialogue: Captain Nova washes ashore.]');
  });

  it('inserts a name holding {{user}} or $& literally, never expanding it again', () => {
    expect(contents(build({ userName: '{{user}} $&', personaDescription: 'I am {{user}}.' }))).toContain('I am {{user}} $&.');
  });
});

describe('a card as SillyTavern exports it (tests/fixtures)', () => {
  it('builds a prompt from Willow whose lorebook wakes on "Gloamwings" in the last two messages', () => {
    const { card: willow } = readCard(sillyTavernCard());
    const history = chat(
      'Thank you for helping me.',
      'You are welcome.',
      'What now?',
      'Rest, traveler.',
      'Who were the Gloamwings that attacked me?',
    );
    history.unshift({ role: 'assistant', content: willow.data.first_mes });
    const { messages } = buildPrompt({ card: willow, userName: 'Ada', history, contextTokens: 8192, replyTokens: 512 });
    const text = contents({ messages });
    expect(text[1]).toContain('Ada: "What are Gloamwings?"\nWillow:');
    expect(text.join('\n')).not.toContain('"What is Hollowmere?"');
    expect(JSON.stringify(messages)).not.toContain(willow.data.creator_notes);
    expect(messages.at(-1)).toEqual({ role: 'user', content: 'Who were the Gloamwings that attacked me?' });
  });
});
