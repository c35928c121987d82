/** Replies: asked of the AI for a chat (streamed or not), and what a completion stored. */
import { Type, type Static } from 'typebox';
import { ChatMessage, ChatRole } from './chats';
import { Id, IdParams, NullableId, type Endpoint } from './common';
import * as routes from './routes';

/**
 * POST /api/chat/completions. The `Idempotency-Key` header (the client's id for the new user
 * message, or for a regeneration) makes retries safe. The new user message is the last `user` entry
 * of `messages`; the history comes from the server's rows, never from the body. Card fields
 * (character_name, character_personality...) are accepted for older clients and ignored.
 */
export const CompletionRequest = Type.Object({
  chat_id: Id,
  /** The card's file_id; required when the chat does not exist yet. */
  character_id: Type.Optional(Id),
  messages: Type.Optional(Type.Array(Type.Object({ role: ChatRole, content: Type.String({ maxLength: 200_000 }) }), { maxItems: 200 })),
  stream: Type.Optional(Type.Boolean({ default: false })),
  /**
   * A new version of the chat's last reply (no new user message): added to its swipes and shown. When
   * the chat ends with a message of the user's instead, a reply to it.
   */
  regenerate: Type.Optional(Type.Boolean({ default: false })),
  /** Go on from the chat's last reply: the model's words are appended to that same message. */
  continue: Type.Optional(Type.Boolean({ default: false })),
  /**
   * Store the new message and ask no reply: the first parts of a message too long for one, sent as
   * several; the last part asks for the one reply that answers them all.
   */
  no_reply: Type.Optional(Type.Boolean({ default: false })),
  /** A new chat starts with this greeting: 0 = first_mes, n = alternate_greetings[n - 1]. */
  greeting_index: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
  /**
   * Who the user is from this message on: a persona's id, or null for the profile name; absent keeps
   * the chat's. A persona that no longer exists (deleted on another device while this message waited
   * offline) counts as null, so the message is never refused for it.
   */
  persona_id: Type.Optional(NullableId()),
  /**
   * The person's IANA time zone ('Europe/Paris'), for {{time}}, {{date}} and the like in the prompt
   * and the greeting; an unknown one (or none) means the server's own.
   */
  time_zone: Type.Optional(Type.String({ maxLength: 64 })),
  /**
   * In a group chat, the member (its id in the chat's `members`) the person chose to write this reply;
   * absent: the group's strategy picks one. Ignored by a continuation and a new version of a reply,
   * which keep the reply's speaker.
   */
  speaker_id: Type.Optional(Id),
  card_type: Type.Optional(Type.String()),
  use_context_management: Type.Optional(Type.Boolean()),
  user_id: Type.Optional(Type.String()),
  character_name: Type.Optional(Type.String()),
  character_personality: Type.Optional(Type.String()),
  character_scenario: Type.Optional(Type.String()),
  character_description: Type.Optional(Type.String()),
  character_first_mes: Type.Optional(Type.String()),
});
export type CompletionRequest = Static<typeof CompletionRequest>;

export const IdempotencyHeaders = Type.Object({ 'idempotency-key': Type.Optional(Id) });

/** What a non-streaming completion answers, and what a stream's final `stored` event carries. */
export const CompletionResult = Type.Object({
  /** The reply's text (older clients read message, or content, or choices[0].message.content). */
  message: Type.String(),
  content: Type.String(),
  choices: Type.Array(
    Type.Object({
      index: Type.Integer(),
      message: Type.Object({ role: Type.Literal('assistant'), content: Type.String() }),
      finish_reason: Type.String(),
    }),
  ),
  chat_id: Type.String(),
  /** The greeting stored when this request created the chat. */
  greeting: Type.Union([ChatMessage, Type.Null()]),
  /** Null for a regeneration or a continuation. */
  user_message: Type.Union([ChatMessage, Type.Null()]),
  /** The new reply, or the reply a regeneration added a version to, or the one continued; null when `no_reply` asked for none. */
  reply: Type.Union([ChatMessage, Type.Null()]),
  usage: Type.Optional(Type.Object({ prompt_tokens: Type.Integer(), completion_tokens: Type.Integer(), total_tokens: Type.Integer() })),
});
export type CompletionResult = Static<typeof CompletionResult>;

/*
 * Streaming (`stream: true`) answers `text/event-stream`: OpenAI chunk events
 * (`data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"..."}}]}`),
 * then `event: stored` whose data is a CompletionResult, then `data: [DONE]`. A failure after the
 * stream began is `event: error` with an ApiErrorBody, then `data: [DONE]`; the user's message stays
 * stored and no reply is.
 */

/** JSON, or with `stream: true` the event stream above. */
export const completion = {
  ...routes.completion,
  body: CompletionRequest,
  headers: IdempotencyHeaders,
  response: { 200: CompletionResult },
} satisfies Endpoint;
/**
 * What the completion sent with this Idempotency-Key (`id`) stored, never asking the AI: after Stop,
 * the reply cut short (or a whole one, when the last words won the race). 404 when it stored no
 * reply (stopped before any word, failed, or never received); 409 in_progress while another
 * instance still writes it.
 */
export const storedCompletion = { ...routes.storedCompletion, params: IdParams, response: { 200: CompletionResult } } satisfies Endpoint;
