import { describe, expect, it } from 'vitest';
import { buildPrompt } from '@core/chat/index';
import type { ChatRole } from '@core/contract';
import { card, chat } from './promptSupport';

const history = chat('u0', 'a1', 'u2', 'a3', 'u4', 'a5', 'u6');
const prompt = (data: Record<string, unknown>, more: { history?: { role: ChatRole; content: string }[]; continuation?: string } = {}) =>
  buildPrompt({
    card: card(data),
    userName: 'Ada',
    history: more.history ?? history,
    continuation: more.continuation,
    contextTokens: 50_000,
    replyTokens: 100,
    random: () => 0,
  });
/** The messages from "[Start a new Chat]" on, as 'role: content'. */
const tail = (data: Record<string, unknown>, more?: Parameters<typeof prompt>[1]) => {
  const { messages } = prompt(data, more);
  const start = messages.findIndex((m) => m.content === '[Start a new Chat]');
  return messages.slice(start + 1).map((m) => `${m.role}: ${m.content}`);
};

describe("the character's note (extensions.depth_prompt)", () => {
  it('goes 4 messages from the end as the system by default', () => {
    expect(tail({ extensions: { depth_prompt: { prompt: '{{char}} hides a secret.' } } })).toEqual([
      'user: u0',
      'assistant: a1',
      'user: u2',
      'system: Mira Vell hides a secret.',
      'assistant: a3',
      'user: u4',
      'assistant: a5',
      'user: u6',
    ]);
  });

  it('goes at its depth with its role; depth 0 is after the newest message; deeper than the chat is at its start', () => {
    expect(tail({ extensions: { depth_prompt: { prompt: 'Note.', depth: 0, role: 'user' } } }).slice(-2)).toEqual([
      'user: u6',
      'user: Note.',
    ]);
    expect(tail({ extensions: { depth_prompt: { prompt: 'Note.', depth: 1, role: 'assistant' } } }).slice(-3)).toEqual([
      'assistant: a5',
      'assistant: Note.',
      'user: u6',
    ]);
    expect(tail({ extensions: { depth_prompt: { prompt: 'Note.', depth: 50 } } })[0]).toBe('system: Note.');
  });

  it('is never sent when blank', () => {
    expect(tail({ extensions: { depth_prompt: { prompt: '  ', depth: 1 } } })).toHaveLength(history.length);
  });
});

const lore = (position: number, more: Record<string, unknown> = {}) => ({
  keys: ['u6'],
  content: `Lore at ${position}.`,
  enabled: true,
  insertion_order: 100,
  extensions: { position, ...more },
});

describe('lorebook positions', () => {
  it("@depth with a role, sharing one message with the character's note at the same depth and role (note first)", () => {
    const data = {
      extensions: { depth_prompt: { prompt: 'Note.', depth: 2, role: 'system' } },
      character_book: { entries: [lore(4, { depth: 2, role: 0 }), lore(4, { depth: 2, role: 1 })] },
    };
    expect(tail(data).slice(-4)).toEqual(['user: Lore at 4.', 'system: Note.\nLore at 4.', 'assistant: a5', 'user: u6']);
  });

  it("the author's note top and bottom go in its slot, 4 messages from the end as the system", () => {
    const data = { character_book: { entries: [lore(3), lore(2)] } };
    expect(tail(data)).toContain('system: Lore at 2.\n\nLore at 3.');
    expect(tail(data).indexOf('system: Lore at 2.\n\nLore at 3.')).toBe(3);
  });

  it('example-message top and bottom become example blocks, not text in the system prompt', () => {
    const data = {
      mes_example: '<START>\n{{char}}: Own example.',
      character_book: {
        entries: [
          { ...lore(5), content: '{{user}}: Top?\n{{char}}: Top.' },
          { ...lore(6), content: '<START>\n{{char}}: Bottom.' },
        ],
      },
    };
    const examples = prompt(data)
      .messages.filter((m) => m.content.startsWith('[Example Chat]'))
      .map((m) => m.content);
    expect(examples).toEqual([
      '[Example Chat]\nAda: Top?\nMira Vell: Top.',
      '[Example Chat]\nMira Vell: Own example.',
      '[Example Chat]\nMira Vell: Bottom.',
    ]);
    expect(prompt(data).messages.some((m) => m.content.includes('<START>'))).toBe(false);
  });

  it('before and after the character, lower order first; equal orders in the reverse of how they went in', () => {
    const entries = [
      { keys: ['u6'], content: 'B-high', insertion_order: 9, position: 'before_char', enabled: true },
      { keys: ['u6'], content: 'B-low', insertion_order: 1, position: 'before_char', enabled: true },
      { keys: ['u6'], content: 'A-1', insertion_order: 5, enabled: true },
      { keys: ['u6'], content: 'A-2', insertion_order: 5, enabled: true },
    ];
    const contents = prompt({ description: 'Desc.', character_book: { entries } }).messages.map((m) => m.content);
    expect(contents.slice(1, 4)).toEqual(['B-low\nB-high', 'Desc.', 'A-2\nA-1']);
  });
});

describe('the lorebook scans names as SillyTavern does', () => {
  it("fires a key equal to a speaker's name: each message is scanned as 'Name: message'", () => {
    const data = { character_book: { entries: [{ keys: ['Ada'], content: 'About Ada.', enabled: true }] } };
    expect(prompt(data, { history: chat('hello') }).messages.map((m) => m.content)).toContain('About Ada.');
  });

  it('scans a message under the name stored with it', () => {
    const data = { character_book: { entries: [{ keys: ['Nova'], content: 'About Nova.', enabled: true }] } };
    const named = buildPrompt({
      card: card(data),
      userName: 'Ada',
      history: [{ role: 'user', content: 'hi', name: 'Nova' }],
      contextTokens: 9000,
      replyTokens: 100,
    });
    expect(named.messages.map((m) => m.content)).toContain('About Nova.');
  });
});

describe('continue', () => {
  it('keeps the reply being continued last, after what is inserted at depth 0', () => {
    expect(tail({ extensions: { depth_prompt: { prompt: 'Note.', depth: 0 } } }, { continuation: 'So far' }).slice(-3)).toEqual([
      'user: u6',
      'system: Note.',
      'assistant: So far',
    ]);
  });
});
