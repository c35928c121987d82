/** Chats: the recent list, a chat's pages, renaming, branches, search, export, import and photo. Replies are in completions.ts, single messages in messages.ts. */
import { Type, type Static } from 'typebox';
import { JobStarted } from './jobs';
import { CardType, Id, NullableId, NullableString, Page, StringEnum, SuccessResponse, type Endpoint } from './common';
import { MAX_CHAT_TITLE_CHARS, MAX_SEARCH_CHARS, PAGE_SIZES } from './constants';
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
  /**
   * A thinking model's reasoning, per version (index for index with `swipes`, or one entry): shown
   * folded above the reply, never sent to the model. Absent when no version has any.
   */
  reasoning: Type.Optional(
    Type.Array(Type.Union([Type.Object({ text: Type.String(), duration_ms: Type.Optional(Type.Integer({ minimum: 0 })) }), Type.Null()])),
  ),
  /** In a group chat, the card (file_id) of the member who wrote this reply; absent otherwise. */
  speaker_id: Type.Optional(Type.String()),
});
export type ChatMessage = Static<typeof ChatMessage>;

/** Who speaks next in a group when the person does not choose: SillyTavern's activation strategies (core/group). */
export const GroupStrategy = StringEnum(['natural', 'list', 'pooled']);

/** A group chat's character. `character_id` is null once its card was deleted: its name and replies stay. */
export const GroupMember = Type.Object({
  id: Type.String(),
  character_id: NullableString(),
  name: Type.String(),
  card_type: CardType,
  avatar_url: NullableString(),
  /** Stays in the story, never picked to speak (the person may still choose it). */
  muted: Type.Boolean(),
});
export type GroupMember = Static<typeof GroupMember>;

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
  /**
   * A branch's original (the chat it was made from), while that chat exists; null otherwise. Always
   * sent, optional as `title` is.
   */
  branch_of: Type.Optional(NullableString()),
  /** A branch's original's name when it was made ("Branch of …"), also once it is gone; null for a chat that is no branch. */
  branch_of_name: Type.Optional(NullableString()),
  /** A group chat's way of picking who speaks; absent for a chat with one character. */
  group_strategy: Type.Optional(GroupStrategy),
  /** A group chat's characters in their order; absent for a chat with one character. */
  members: Type.Optional(Type.Array(GroupMember)),
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

/**
 * POST /api/chats/{chat_id}/branches: a new chat holding the history of `chat_id` up to and including
 * `message_id` (versions, the version shown, Stop marks and hidden marks kept; the chat's persona
 * and SillyTavern metadata too, with `main_chat` naming the original).
 */
export const BranchRequest = Type.Object(
  {
    /** The new chat's id, made by the client: sending it again makes nothing new (it answers the branch made). */
    id: Id,
    message_id: Id,
    /** The branch's name; absent: the original's with the next branch number ("Aqua (branch 2)"). */
    title: Type.Optional(Type.String({ maxLength: MAX_CHAT_TITLE_CHARS })),
  },
  { additionalProperties: false },
);
export type BranchRequest = Static<typeof BranchRequest>;

export const listChats = { ...routes.listChats, body: ChatListRequest, response: { 200: ChatListResponse } } satisfies Endpoint;
export const getChat = { ...routes.getChat, body: ChatGetRequest, response: { 200: ChatGetResponse } } satisfies Endpoint;
export const deleteChat = { ...routes.deleteChat, body: ChatIdRequest, response: { 200: SuccessResponse } } satisfies Endpoint;
export const updateChat = {
  ...routes.updateChat,
  params: ChatIdParams,
  body: ChatUpdate,
  response: { 200: RecentChat },
} satisfies Endpoint;
/** 201 with the branch, also when it was made before under the same id. */
export const createBranch = {
  ...routes.createBranch,
  params: ChatIdParams,
  body: BranchRequest,
  response: { 201: RecentChat },
} satisfies Endpoint;
export const searchChats = { ...routes.searchChats, body: ChatSearchRequest, response: { 200: ChatSearchResponse } } satisfies Endpoint;
/** Answers the .zip. */
export const exportChat = { ...routes.exportChat, body: ChatExportRequest, response: {} } satisfies Endpoint;
/** Multipart: the archive in the field `file`. */
/** Queues the import (202); the job holds its outcome (`imported` once done). */
export const importChats = { ...routes.importChats, response: { 202: JobStarted } } satisfies Endpoint;
export const makeChatPhoto = { ...routes.makeChatPhoto, body: ChatIdRequest, response: { 200: ChatPhotoResponse } } satisfies Endpoint;
/** Answers the PNG. */
export const chatPhoto = { ...routes.chatPhoto, params: ChatIdParams, response: {} } satisfies Endpoint;
