/** Cards and chats for the prompt builder's tests. */
import { normalizeCard, type Card } from '@core/card/index';
import { buildPrompt, type BuildPromptInput } from '@core/chat/index';
import type { ChatRole } from '@core/contract';

export function card(data: Record<string, unknown>): Card {
  return normalizeCard({ spec: 'chara_card_v2', spec_version: '2.0', data: { name: 'Mira Vell', ...data } }).card;
}

export const full = card({
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
      { keys: ['storm'], content: 'Storms wreck ships here.', insertion_order: 2, position: 'before_char', enabled: true },
      { keys: ['lamp'], content: '{{char}} trims the lamp nightly.', position: 'after_char', insertion_order: 1, enabled: true },
    ],
  },
});

/** Alternating turns ending with the user's. */
export const chat = (...texts: string[]) =>
  texts.map((content, i) => ({ role: ((texts.length - i) % 2 === 1 ? 'user' : 'assistant') as ChatRole, content }));

export function build(overrides: Partial<BuildPromptInput> = {}) {
  return buildPrompt({
    card: full,
    userName: 'Ada',
    history: chat('Hello {{char}}, the storm and the lamp!'),
    contextTokens: 100_000,
    replyTokens: 500,
    random: () => 0,
    chatId: 'chat-1',
    ...overrides,
  });
}

export const contents = (result: { messages: { content: string }[] }) => result.messages.map((message) => message.content);
