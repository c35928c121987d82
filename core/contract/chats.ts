/** Chats (the recent list), their messages and replies. */
import { Type, type Static } from 'typebox';
import { JobStarted } from './jobs';
import { CardType, Id, IdParams, NullableId, NullableString, Page, StringEnum, SuccessResponse, type Endpoint } from './common';
import { MAX_CHAT_TITLE_CHARS, MAX_REPLY_CHARS, MAX_SEARCH_CHARS, PAGE_SIZES } from './constants';
import * as routes from './routes';

export const ChatRole = StringEnum(['system', 'user', 'assistant']);
export type ChatRole = Static<typeof ChatRole>;

/** A stored message. Within a chat, `seq` orders messages (oldest first) and is the paging key. */
export const ChatMessage = Type.Object({
  id: Type.String(),
  chat_id: Type.String(),
  seq: Type.Integer(),
  role: ChatRole,
  content: Type.String(),
  /** The speaker's display name: the user's name, or the character's. */
  name: Type.String(),
  /** ISO-8601 UTC. */
  send_date: Type.String(),
  /** For a user message: the client's id for it (the idempotency key), when it came through completions. */
  client_id: NullableString(),
  /**
   * A reply with more than one version (SillyTavern's swipes): every version, oldest first. Absent
   * when it has one. `content` is always `swipes[swipe_id]`, the one shown and sent to the model.
   */
  swipes: Type.Optional(Type.Array(Type.String())),
  /** Hidden from the model (SillyTavern's hide): shown greyed, never sent in a prompt. Absent when not. */
  hidden: Type.Optional(Type.Literal(true)),
  swipe_id: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The version (its index; 0 on a reply with one) whose text ended at a Stop: kept, marked while shown. Absent when none. */
  stopped_swipe: Type.Optional(Type.Integer({ minimum: 0 })),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** One entry of the recent list (POST /api/chats/list). */
export const RecentChat = Type.Object({
  chat_id: Type.String(),
  character_name: Type.String(),
  /** The card's file_id; null when the chat's card is gone or an imported chat matched none. */
  character_id: NullableString(),
  filename: Type.String(),
  card_type: CardType,
  /** 240-wide thumbnail of the card (or the chat's generated portrait), or null. */
  avatar_url: NullableString(),
  /** ISO-8601: the last message's send_date (the chat's creation when it has none). */
  last_message_time: Type.String(),
  /** ISO-8601: last change of any kind. */
  modified: Type.String(),
  created_at: Type.String(),
  message_count: Type.Integer(),
  /** Bytes of message text (UTF-8). */
  size: Type.Integer(),
  /**
   * Who the user is in this chat (GET /api/personas); null: their profile name. Always sent; optional
   * because a device's copy made before personas existed lacks it, which means null too.
   */
  persona_id: Type.Optional(NullableString()),
  /**
   * The name the person gave the chat; null: the character's name is shown. Always sent; optional
   * because a device's copy made before titles existed lacks it.
   */
  title: Type.Optional(NullableString()),
  /**
   * The start of the chat's newest message (at most LAST_MESSAGE_CHARS characters of its text as
   * written, markdown and all), for the list's preview line; null when it has none. Always sent,
   * optional as `title` is.
   */
  last_message: Type.Optional(NullableString()),
});
export type RecentChat = Static<typeof RecentChat>;

export const ChatListRequest = Type.Object({
  /** Ignored: identity comes from the token. Kept because older clients send it. */
  user_id: Type.Optional(Type.String({ maxLength: 300 })),
  /** Only chats with this card. */
  character_id: Type.Optional(Id),
  /** Case-insensitive substring of the character's name or the chat's title. */
  q: Type.Optional(Type.String({ maxLength: MAX_SEARCH_CHARS })),
  page: Type.Optional(Page),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: PAGE_SIZES.recentChats })),
});
export type ChatListRequest = Static<typeof ChatListRequest>;

const PageFields = {
  page: Type.Integer(),
  page_size: Type.Integer(),
  total: Type.Integer(),
  total_pages: Type.Integer(),
};

export const ChatListResponse = Type.Object({ success: Type.Literal(true), data: Type.Array(RecentChat), ...PageFields });
export type ChatListResponse = Static<typeof ChatListResponse>;

export const ChatGetRequest = Type.Object({
  chat_id: Id,
  /** Page 1 is the newest page_size messages; page 2 the ones before them; each page oldest first. */
  page: Type.Optional(Page),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: PAGE_SIZES.messages })),
  /** Key-based alternative to page: the page_size messages just before this seq. */
  before_seq: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The page_size messages just after this seq (reading on towards the newest from a found message). */
  after_seq: Type.Optional(Type.Integer({ minimum: 0 })),
  /** The page_size messages around this seq: the message with it (or the next one) and those on both sides. */
  around_seq: Type.Optional(Type.Integer({ minimum: 0 })),
  ch_name: Type.Optional(Type.String({ maxLength: 300 })),
  file_name: Type.Optional(Type.String({ maxLength: 300 })),
});
export type ChatGetRequest = Static<typeof ChatGetRequest>;

export const ChatGetResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(ChatMessage),
  chat: RecentChat,
  ...PageFields,
  /** The chat has messages older than this page's first (false for an empty page). */
  has_before: Type.Boolean(),
  /** The chat has messages newer than this page's last (false for an empty page). */
  has_after: Type.Boolean(),
});
export type ChatGetResponse = Static<typeof ChatGetResponse>;

export const ChatIdRequest = Type.Object({ chat_id: Id });
export type ChatIdRequest = Static<typeof ChatIdRequest>;

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
  /** The new reply, or the reply a regeneration added a version to, or the one continued. */
  reply: ChatMessage,
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

export const ChatExportFormat = StringEnum(['zip', 'jsonl', 'txt']);
export type ChatExportFormat = Static<typeof ChatExportFormat>;

export const ChatExportRequest = Type.Object({
  chat_id: Id,
  character_id: Type.Optional(NullableString()),
  exportfilename: Type.Optional(Type.String({ maxLength: 300 })),
  /**
   * zip (the default): the chat file and its card; jsonl: SillyTavern's chat file alone; txt: the
   * chat as plain text to read.
   */
  format: Type.Optional(ChatExportFormat),
});
export type ChatExportRequest = Static<typeof ChatExportRequest>;

/** All files of one import together may be at most this big; what archives inflate to is limited separately. */
export const IMPORT_MAX_BYTES = 50 * 1024 * 1024;
/** Files one import may bring (a .zip counts as one, whatever it holds). */
export const IMPORT_MAX_FILES = 20;
export const MESSAGE_IMPORT_TOO_LARGE = 'An import takes at most 50 MB, all its files together.';

/** POST /api/chats/photo {chat_id}: a portrait made for a chat without card details. */
export const ChatPhotoResponse = Type.Object({
  success: Type.Literal(true),
  /** GET it with the Bearer token (it is the user's). */
  url: Type.String(),
});
export type ChatPhotoResponse = Static<typeof ChatPhotoResponse>;

export const ChatIdParams = Type.Object({ chat_id: Id });

/** PUT /api/chats/{chat_id}: what the user changes about a chat; only the fields sent change. */
export const ChatUpdate = Type.Object(
  {
    /** A persona of the user's, or null for their profile name. */
    persona_id: Type.Optional(NullableId()),
    /**
     * The chat's name, one line (spaces and line breaks are tidied to single spaces); null or blank
     * goes back to the character's name.
     */
    title: Type.Optional(NullableString({ maxLength: MAX_CHAT_TITLE_CHARS })),
  },
  // At least one of them: an empty change is a mistake worth hearing about.
  { additionalProperties: false, minProperties: 1 },
);
export type ChatUpdate = Static<typeof ChatUpdate>;

/** POST /api/chats/search: messages of the user's chats that hold every word of `q`, newest stored first. */
export const ChatSearchRequest = Type.Object({
  /** Words, in any script; quotes, operators and the like are only separators. */
  q: Type.String({ minLength: 1, maxLength: MAX_SEARCH_CHARS }),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: PAGE_SIZES.searchHits })),
  /** The previous page's `next`. */
  cursor: Type.Optional(Type.String({ maxLength: 20, pattern: '^[0-9]{1,20}$' })),
});
export type ChatSearchRequest = Static<typeof ChatSearchRequest>;

/** A message a search found: where it is, and a piece of its text around the words found. */
export const MessageHit = Type.Object({
  chat_id: Type.String(),
  message_id: Type.String(),
  seq: Type.Integer(),
  role: ChatRole,
  name: Type.String(),
  send_date: Type.String(),
  /** Plain text (no markdown), one line, '…' where it was cut. */
  snippet: Type.String(),
  /** [start, end) ranges of `snippet` that the search's words found. */
  marks: Type.Array(Type.Array(Type.Integer(), { minItems: 2, maxItems: 2 })),
});
export type MessageHit = Static<typeof MessageHit>;

export const ChatSearchResponse = Type.Object({
  success: Type.Literal(true),
  data: Type.Array(MessageHit),
  /** The chats the hits are in, as the recent list shows them. */
  chats: Type.Array(RecentChat),
  /** The cursor of the next page; null when this was the last. */
  next: NullableString(),
});
export type ChatSearchResponse = Static<typeof ChatSearchResponse>;

/** POST /api/messages: a message added to a chat without a reply. */
export const AppendMessageRequest = Type.Object({
  chatId: Id,
  content: Type.String({ maxLength: 20_000 }),
  /** Kept when not in the future. */
  timestamp: Type.Optional(Type.String({ maxLength: 40 })),
});
export type AppendMessageRequest = Static<typeof AppendMessageRequest>;

/**
 * PATCH /api/messages/{id}: change a message of the user's. `content` replaces the text shown (on a
 * reply with versions, the shown version's); `swipe_id` shows another version. Both: the version is
 * chosen first, then edited. The Idempotency-Key header makes a retried change apply once.
 */
export const EditMessageRequest = Type.Object({
  content: Type.Optional(Type.String({ maxLength: MAX_REPLY_CHARS })),
  swipe_id: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
});
export type EditMessageRequest = Static<typeof EditMessageRequest>;

/** POST /api/messages/delete-from: the message and every later one of the chat. */
export const DeleteFromRequest = Type.Object({ chat_id: Id, message_id: Id });
export type DeleteFromRequest = Static<typeof DeleteFromRequest>;

/** What a delete answers: how many messages it removed, and the chat as the recent list shows it now. */
export const MessagesDeleted = Type.Object({
  success: Type.Literal(true),
  message: Type.String(),
  /** 0 when the same Idempotency-Key had already deleted them. */
  deleted: Type.Integer(),
  chat: RecentChat,
});
export type MessagesDeleted = Static<typeof MessagesDeleted>;

export const listChats = { ...routes.listChats, body: ChatListRequest, response: { 200: ChatListResponse } } satisfies Endpoint;
export const getChat = { ...routes.getChat, body: ChatGetRequest, response: { 200: ChatGetResponse } } satisfies Endpoint;
export const deleteChat = { ...routes.deleteChat, body: ChatIdRequest, response: { 200: SuccessResponse } } satisfies Endpoint;
export const updateChat = {
  ...routes.updateChat,
  params: ChatIdParams,
  body: ChatUpdate,
  response: { 200: RecentChat },
} satisfies Endpoint;
export const searchChats = { ...routes.searchChats, body: ChatSearchRequest, response: { 200: ChatSearchResponse } } satisfies Endpoint;
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
/** Answers the .zip. */
export const exportChat = { ...routes.exportChat, body: ChatExportRequest, response: {} } satisfies Endpoint;
/** Multipart: the archive in the field `file`. */
/** Queues the import (202); the job holds its outcome (`imported` once done). */
export const importChats = { ...routes.importChats, response: { 202: JobStarted } } satisfies Endpoint;
export const makeChatPhoto = { ...routes.makeChatPhoto, body: ChatIdRequest, response: { 200: ChatPhotoResponse } } satisfies Endpoint;
/** Answers the PNG. */
export const chatPhoto = { ...routes.chatPhoto, params: ChatIdParams, response: {} } satisfies Endpoint;
export const getMessage = { ...routes.getMessage, params: IdParams, response: { 200: ChatMessage } } satisfies Endpoint;
export const appendMessage = { ...routes.appendMessage, body: AppendMessageRequest, response: { 201: ChatMessage } } satisfies Endpoint;
export const editMessage = {
  ...routes.editMessage,
  params: IdParams,
  body: EditMessageRequest,
  headers: IdempotencyHeaders,
  response: { 200: ChatMessage },
} satisfies Endpoint;
export const deleteMessage = {
  ...routes.deleteMessage,
  params: IdParams,
  headers: IdempotencyHeaders,
  response: { 200: MessagesDeleted },
} satisfies Endpoint;
export const deleteMessagesFrom = {
  ...routes.deleteMessagesFrom,
  body: DeleteFromRequest,
  headers: IdempotencyHeaders,
  response: { 200: MessagesDeleted },
} satisfies Endpoint;
