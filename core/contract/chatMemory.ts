/** What a chat's AI remembers: the last prompt sent for it, part by part, and its pinned memories. */
import { Type, type Static } from 'typebox';
import { ChatIdParams } from './chats';
import { Id, NullableString, StringEnum, type Endpoint } from './common';
import { MEMORY_LIMITS } from './constants';
import * as routes from './routes';

/** The kinds of piece a prompt is made of, in the words of core/chat's builder. */
export const PromptPartKind = StringEnum([
  'main',
  'lore',
  'memory',
  'summary',
  'persona',
  'description',
  'personality',
  'scenario',
  'examples',
  'new_chat',
  'history',
  'authors_note',
  'character_note',
  'post_history',
  'continuation',
  'group',
  'group_nudge',
]);

const PromptRole = StringEnum(['system', 'user', 'assistant']);

/** One piece of the prompt, in the prompt's order (core/chat's PromptPart). */
export const PromptPartView = Type.Object({
  kind: PromptPartKind,
  /** The message of the request holding it; null for what was left out. */
  message: Type.Unsafe<number | null>({ type: ['integer', 'null'] }),
  tokens: Type.Integer({ minimum: 0 }),
  /** Cut short to fit the budget. */
  cut: Type.Optional(Type.Boolean()),
  /** A lorebook entry: its name, the key that fired it (null: constant, sticky or `@@activate`) and why. */
  lore: Type.Optional(
    Type.Object({
      id: Type.String(),
      comment: Type.String(),
      key: NullableString(),
      reason: StringEnum(['key', 'constant', 'sticky', 'decorator']),
      position: StringEnum(['before_char', 'after_char', 'an_top', 'an_bottom', 'at_depth', 'em_top', 'em_bottom']),
      step: Type.Integer({ minimum: 0 }),
    }),
  ),
  /** Kept history: the range of the chat's messages considered (from inclusive, to exclusive). */
  history: Type.Optional(Type.Object({ from: Type.Integer(), to: Type.Integer() })),
  /** History messages or example blocks left out. */
  dropped: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The pinned memories a memory part holds. */
  count: Type.Optional(Type.Integer({ minimum: 0 })),
  depth: Type.Optional(Type.Integer({ minimum: 0 })),
  role: Type.Optional(PromptRole),
});
export type PromptPartView = Static<typeof PromptPartView>;

/** The last request sent to the AI for a chat. */
export const LastPrompt = Type.Object({
  /** ISO-8601 UTC. */
  built_at: Type.String(),
  estimated_tokens: Type.Integer({ minimum: 0 }),
  /** The budget it was built in: the context window and what was kept free for the reply. */
  context_tokens: Type.Integer({ minimum: 0 }),
  reply_tokens: Type.Integer({ minimum: 0 }),
  /** Messages it was built from (the most the server reads for a prompt), and of them, how many older ones were left out. */
  history_messages: Type.Integer({ minimum: 0 }),
  dropped_history: Type.Integer({ minimum: 0 }),
  dropped_examples: Type.Integer({ minimum: 0 }),
  parts: Type.Array(PromptPartView),
});
export type LastPrompt = Static<typeof LastPrompt>;

/** No prompt yet (no reply asked for since this was kept) leaves `prompt` out. */
export const ChatPromptResponse = Type.Object({ prompt: Type.Optional(LastPrompt) });
export type ChatPromptResponse = Static<typeof ChatPromptResponse>;

export const getChatPrompt = { ...routes.getChatPrompt, params: ChatIdParams, response: { 200: ChatPromptResponse } } satisfies Endpoint;

/** A pinned memory: always in the chat's prompt, after the card. */
export const PinnedMemoryView = Type.Object({
  id: Type.String(),
  text: Type.String(),
  /** The message it was pinned from; null for one written by hand. */
  message_id: NullableString(),
  /** ISO-8601 UTC. */
  created_at: Type.String(),
});
export type PinnedMemoryView = Static<typeof PinnedMemoryView>;

export const ChatMemories = Type.Object({ memories: Type.Array(PinnedMemoryView) });
export type ChatMemories = Static<typeof ChatMemories>;

/** The memory's id is the client's, so a PUT sent twice (an outbox replay) writes it once. */
export const ChatMemoryParams = Type.Object({ chat_id: Id, memory_id: Id });

export const PutChatMemory = Type.Object({
  text: Type.String({ maxLength: MEMORY_LIMITS.textChars }),
  /** Pinned from this message of the chat. */
  message_id: Type.Optional(Id),
});
export type PutChatMemory = Static<typeof PutChatMemory>;

export const listChatMemories = { ...routes.listChatMemories, params: ChatIdParams, response: { 200: ChatMemories } } satisfies Endpoint;
export const putChatMemory = {
  ...routes.putChatMemory,
  params: ChatMemoryParams,
  body: PutChatMemory,
  response: { 200: ChatMemories },
} satisfies Endpoint;
export const deleteChatMemory = {
  ...routes.deleteChatMemory,
  params: ChatMemoryParams,
  response: { 200: ChatMemories },
} satisfies Endpoint;

/** A chat's author's note, as SillyTavern's Author's Note keeps it (chat_metadata note_prompt, note_depth, note_interval, note_role). */
export const ChatNote = Type.Object({
  text: Type.String({ maxLength: MEMORY_LIMITS.textChars }),
  /** Messages from the end (0: after the last). */
  depth: Type.Integer({ minimum: 0, maximum: 1000 }),
  /** Sent with every N-th message of the person's; 1: always, 0: off. */
  interval: Type.Integer({ minimum: 0, maximum: 1000 }),
  role: StringEnum(['system', 'user', 'assistant']),
});
export type ChatNote = Static<typeof ChatNote>;

export const getChatNote = { ...routes.getChatNote, params: ChatIdParams, response: { 200: ChatNote } } satisfies Endpoint;
export const putChatNote = { ...routes.putChatNote, params: ChatIdParams, body: ChatNote, response: { 200: ChatNote } } satisfies Endpoint;
