import type { CardSummaryData } from './card/summary';

/**
 * The API's request and response shapes: one definition for the server and the PWA.
 * Field names follow the spec's wire format (snake_case), which other clients of this field use too.
 */

/** The free tier is 'normal' (shown as 'Free'); any other value is a paid plan. */
export type PlanName = 'normal' | 'monthly' | 'quarterly' | 'yearly' | (string & {});

export interface UserProfile {
  email: string | null;
  name: string | null;
  picture: string | null;
  /** Our own id for the user. */
  uid: string;
  /** The identity provider's subject. */
  sub: string;
  plan: PlanName;
  is_admin: boolean;
}

/** GET /api/users/storage: what the user keeps stored against their plan's quota (core/plans.ts). */
export interface StorageUsage {
  plan: PlanName;
  used_bytes: number;
  quota_bytes: number;
  /** Private cards: PNGs, thumbnails and card text. */
  cards_bytes: number;
  /** Chats: message text, a fixed cost per message, an imported card's text. */
  chats_bytes: number;
  portraits_bytes: number;
}

export interface HealthResponse {
  status: 'ok';
  database: 'sqlite' | 'postgres';
  ai: 'demo' | 'openai';
  auth: 'embedded' | 'external';
}

/** What the PWA learns about the deployment at run time (GET /api/config). */
export interface ClientConfig {
  auth: { issuer: string; client_id: string; audience: string; scope: string };
  checkout_url: string | null;
  ai: 'demo' | 'openai';
  /** An image service is configured (IMAGE_BASE_URL): the chat's 'Generate Photo' works. */
  images: boolean;
}

export interface UserTypeResponse {
  user_type: PlanName;
}

/** Every error the API sends. */
export interface ApiErrorBody {
  error: string;
  message: string;
}

/** The card fields lists carry (spec §3 "Collection item" / "Public image"), bounded (core/card/summary.ts). */
export interface CardSummary {
  spec_version: string;
  data: CardSummaryData;
}

/** One of the user's uploads (GET /api/collections, POST /api/upload/image). */
export interface CollectionItem {
  file_id: string;
  display_title: string;
  title: string;
  filename: string;
  /** The PNG: /api/upload/image/{id} when public, /api/upload/image/user/{id} (Bearer) when private. */
  url: string;
  thumbnail_url: string;
  /** `<url> 240w, <url> 480w` for <img srcset>. */
  thumbnail_srcset: string;
  upload_time: string;
  file_size: number;
  width: number;
  height: number;
  /** Reduced width:height, e.g. '2:3'. */
  aspect_ratio: string;
  /** 1 = public, 0 = private. */
  is_public: number;
  view_count: number;
  download_count: number;
  favorite_count: number;
  card_data: CardSummary;
}

/** A gallery entry (GET /api/upload/image). */
export interface PublicImage {
  file_id: string;
  title: string;
  display_title: string;
  filename: string;
  url: string;
  thumbnail_url: string;
  thumbnail_srcset: string;
  upload_time: string;
  favorite_count: number;
  card_data: CardSummary;
}

export interface UploadResponse {
  success: true;
  message: string;
  data: CollectionItem;
}

export interface PublicImagesResponse {
  success: true;
  data: PublicImage[];
  total: number;
  limit: number;
  offset: number;
}

export interface CollectionsResponse {
  success: true;
  data: CollectionItem[];
  total: number;
  limit: number;
  offset: number;
  has_next: boolean;
  has_prev: boolean;
}

export interface CardTagsResponse {
  tags: string[];
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  card_name: string;
}

/** Spec §3 "Character (for chat)" (GET /api/characters). */
export interface ChatCharacter {
  id: string;
  name: string;
  avatar_url: string;
  tags: string[];
  card_type: 'public' | 'user';
  description: string;
  personality: string;
  scenario: string;
  first_mes: string;
  card_data: { data: Omit<CardSummary['data'], never> };
  /** The user's most recent chat with this card, or null. */
  chat_id: string | null;
}

/** GET /api/characters/{file_id}: card_data is the whole normalised card (core/card's Card). */
export interface CharacterDetails {
  file_id: string;
  filename: string;
  url: string;
  display_title: string;
  tags: string[];
  card_type: 'public' | 'user';
  card_data: { spec: string; spec_version: string; data: Record<string, unknown> } & Record<string, unknown>;
}

export interface Favorite {
  id: string;
  file_id: string;
  image_type: 'public' | 'user';
  character_name: string;
  character_description: string;
  tags: string[];
  url: string;
  created_at: string;
}

export interface FavoriteAddRequest {
  file_id: string;
  image_type?: string;
  character_name?: string;
  character_description?: string;
  tags?: string[];
}

export interface FavoriteAddResponse {
  success: true;
  /** False when the favorite already existed (adding twice is harmless). */
  created: boolean;
  message: string;
  data: Favorite;
}

export interface FavoritesListResponse {
  success: true;
  data: Favorite[];
  page: number;
  page_size: number;
  total: number;
  total_pages: number;
  has_next: boolean;
  has_prev: boolean;
}

/* ---------------------------------------------------------------------------------------------
 * Chats (spec §3 "Recent chat list item", "Chat message"; §7 "Chats")
 * ------------------------------------------------------------------------------------------- */

export type ChatRole = 'system' | 'user' | 'assistant';

/** A stored message. Within a chat, `seq` orders messages (oldest first) and is the paging key. */
export interface ChatMessage {
  id: string;
  chat_id: string;
  seq: number;
  role: ChatRole;
  content: string;
  /** The speaker's display name: the user's name, or the character's. */
  name: string;
  /** ISO-8601 UTC. */
  send_date: string;
  /** For a user message: the client's id for it (the idempotency key), when it came through completions. */
  client_id: string | null;
}

/** One entry of the recent list (POST /api/chats/list). */
export interface RecentChat {
  chat_id: string;
  character_name: string;
  /** The card's file_id; null when the chat's card is gone or an imported chat matched none. */
  character_id: string | null;
  filename: string;
  card_type: 'public' | 'user';
  /** 240-wide thumbnail of the card, or null. */
  avatar_url: string | null;
  /** ISO-8601: the last message's send_date (the chat's creation when it has none). */
  last_message_time: string;
  /** ISO-8601: last change of any kind. */
  modified: string;
  created_at: string;
  message_count: number;
  /** Bytes of message text (UTF-8). */
  size: number;
}

export interface ChatListRequest {
  /** Ignored: identity comes from the token. Kept because the spec's clients send it. */
  user_id?: string;
  /** Only chats with this card. */
  character_id?: string;
  /** Case-insensitive substring of the character's name. */
  q?: string;
  page?: number;
  page_size?: number;
}

export interface ChatListResponse {
  success: true;
  data: RecentChat[];
  page: number;
  page_size: number;
  total: number;
  total_pages: number;
}

export interface ChatGetRequest {
  chat_id: string;
  /** Page 1 is the newest page_size messages; page 2 the ones before them; each page oldest first. */
  page?: number;
  page_size?: number;
  /** Key-based alternative to page: the page_size messages just before this seq. */
  before_seq?: number;
  ch_name?: string;
  file_name?: string;
}

export interface ChatGetResponse {
  success: true;
  data: ChatMessage[];
  chat: RecentChat;
  page: number;
  page_size: number;
  total: number;
  total_pages: number;
}

/**
 * POST /api/chat/completions. The `Idempotency-Key` header (the client's id for the new user
 * message, or for a regeneration) makes retries safe. The new user message is the last `user` entry
 * of `messages`; the history comes from the server's rows, never from the body. Card fields
 * (character_name, character_personality...) are accepted for the spec's clients and ignored.
 */
export interface CompletionRequest {
  chat_id: string;
  /** The card's file_id; required when the chat does not exist yet. */
  character_id?: string;
  messages?: { role: ChatRole; content: string }[];
  stream?: boolean;
  /** Replace the chat's last reply with a new one (no new user message). */
  regenerate?: boolean;
  /** A new chat starts with this greeting: 0 = first_mes, n = alternate_greetings[n - 1]. */
  greeting_index?: number;
  card_type?: 'public' | 'user';
  use_context_management?: boolean;
  user_id?: string;
  character_name?: string;
  character_personality?: string;
  character_scenario?: string;
  character_description?: string;
  character_first_mes?: string;
}

/** What a non-streaming completion answers, and what a stream's final `stored` event carries. */
export interface CompletionResult {
  /** The reply's text (spec: read from message, or content, or choices[0].message.content). */
  message: string;
  content: string;
  choices: { index: number; message: { role: 'assistant'; content: string }; finish_reason: string }[];
  chat_id: string;
  /** The greeting stored when this request created the chat. */
  greeting: ChatMessage | null;
  /** Null for a regeneration. */
  user_message: ChatMessage | null;
  reply: ChatMessage;
  usage?: { prompt_tokens: number; completion_tokens: number; total_tokens: number };
}

/*
 * Streaming (`stream: true`) answers `text/event-stream`: OpenAI chunk events
 * (`data: {"object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"..."}}]}`),
 * then `event: stored` whose data is a CompletionResult, then `data: [DONE]`. A failure after the
 * stream began is `event: error` with an ApiErrorBody, then `data: [DONE]`; the user's message stays
 * stored and no reply is.
 */

export interface ChatExportRequest {
  chat_id: string;
  character_id?: string;
  exportfilename?: string;
}

export interface ChatImportResponse {
  success: true;
  message: string;
  imported: { chat_id: string; character_name: string; character_id: string | null; message_count: number }[];
}

/** GET /api/character-replacement/character-usage/{id} */
/** POST /api/chats/photo {chat_id}: a portrait made for a chat without card details. */
export interface ChatPhotoResponse {
  success: true;
  /** GET it with the Bearer token (it is the user's). */
  url: string;
}

export interface CharacterUsageResponse {
  has_chats: boolean;
  chat_count: number;
  character_name: string;
}
