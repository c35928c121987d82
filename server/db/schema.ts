import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type {
  CardRevisionsTable,
  ContentRating,
  ReviewState,
  GalleryTable,
  GalleryTagsTable,
  CardActivityTable,
  ReportsTable,
  CardHitsTable,
} from './sharingTables';
import type {
  LocalAccountsTable,
  AccountTokensTable,
  AccountDeletionsTable,
  OidcPayloadsTable,
  ProviderKeysTable,
  SignUpRequestsTable,
} from './signInTables';
import type { ChatPromptsTable, AiSettingsTable, AiPresetsTable } from './storyTables';
import type { ServerSecretsTable, UserAiKeysTable } from './aiKeyTables';
import type { EventCountersTable, EventsTable } from './eventTables';
import type { ChatMembersTable } from './groupTables';
import type { JobsTable } from './jobTables';

// The tables of sharing, of the embedded provider and of the AI's prompt and settings live beside this file; their names stay importable from here.
export type * from './sharingTables';
export type * from './signInTables';
export type * from './storyTables';
export type * from './eventTables';
export type * from './groupTables';
export type * from './jobTables';

/**
 * The tables as the code sees them. Timestamps are ISO-8601 text in UTC so that SQLite and
 * PostgreSQL hand back the same shape; ids are UUID text made by the server.
 */
export interface UsersTable {
  id: string;
  /** Users are keyed by who vouches for them (iss) and what it calls them (sub), never by e-mail. */
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  picture: string | null;
  plan: Generated<string>;
  created_at: string;
  updated_at: string;
  /** Set when the person asked for the account's deletion: from then on it is refused, until the row goes. */
  deleted_at: Generated<string | null>;
  /** The creator page's address (/@handle), lower-case and unique; null until the person chooses one. */
  handle: Generated<string | null>;
  /** The creator page's few lines about them. */
  bio: Generated<string>;
  /** When the person confirmed being 18 or older; null until they do. */
  adult_confirmed_at: Generated<string | null>;
  /** 1: they chose to see NSFW cards (only once confirmed adult). */
  show_nsfw: Generated<number>;
}

/** An uploaded card: its PNG and thumbnails live in the blob store, its card is copied here for search and listing. */
export interface ImagesTable {
  /** The file_id the API speaks of. */
  id: string;
  owner_id: string;
  /** 1 = in the public gallery, 0 = the owner's private card (counts against the plan's slots). */
  is_public: Generated<number>;
  /** The uploaded file's name, sanitised; for display and downloads only, never a storage path. */
  filename: string;
  /** The card's name at upload. */
  display_title: string;
  /** `cards/<id>.png` */
  blob_key: string;
  /** JSON text: `{"240": "thumbs/<id>-240.webp", "480": ...}` */
  thumb_keys: string;
  sha256: string;
  file_size: number;
  width: number;
  height: number;
  /** Reduced `width:height` text, e.g. '2:3'. */
  aspect_ratio: string;
  /** The normalised Card (core/card) as JSON text. */
  card_json: string;
  card_name: string;
  /** JSON text: string[]. */
  card_tags: Generated<string>;
  card_creator: Generated<string>;
  spec_version: string;
  view_count: Generated<number>;
  download_count: Generated<number>;
  favorite_count: Generated<number>;
  /** What the card costs its owner's storage quota: PNG + thumbnails + the card text kept here. */
  stored_bytes: Generated<number>;
  /** JSON text: the bounded CardSummaryData (core/card/summary.ts) lists send instead of card_json. */
  card_summary: Generated<string>;
  /** Where the card stands on its way to the gallery; 'published' exactly when is_public is 1. */
  review_state: Generated<ReviewState>;
  content_rating: Generated<ContentRating>;
  /** Why a review rejected the card, or an administrator unpublished it: shown to the creator. */
  review_note: Generated<string | null>;
  submitted_at: Generated<string | null>;
  published_at: Generated<string | null>;
  /** Chats started with the card, by anyone. */
  chat_count: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface FavoritesTable {
  id: string;
  user_id: string;
  image_id: string;
  created_at: string;
}

/** A user's conversation with a character. */
export interface ChatsTable {
  /** Made by the client (a new chat's id travels with its first message). */
  id: string;
  user_id: string;
  /** The card chatted with; null when it was deleted or an imported chat matched none. */
  image_id: string | null;
  character_name: string;
  card_type: 'public' | 'user';
  /** An imported card that matched none of the user's or the gallery's: the prompt is built from it. */
  card_json: string | null;
  /** A generated portrait (blob key) for a chat without a card. */
  portrait_key: string | null;
  message_count: Generated<number>;
  /** UTF-8 bytes of message text. */
  size: Generated<number>;
  /** Who the user is in this chat; null (also when the persona was deleted): their profile name. */
  persona_id: string | null;
  /** Bytes of the generated portrait (0 without one). */
  portrait_bytes: Generated<number>;
  /** Set while an import writes the chat's messages (ISO time it began); null once the chat is whole. */
  importing_since: Generated<string | null>;
  /** SillyTavern's chat_metadata of an imported chat (JSON), written back on export; else null. */
  chat_metadata: Generated<string | null>;
  /** The name the person gave the chat; null shows the character's name. */
  title: Generated<string | null>;
  /** The chat this one was branched from (not a foreign key: a branch outlives its original); else null. */
  branch_of: Generated<string | null>;
  /** The original's name when the branch was made, or an imported chat's SillyTavern main_chat; else null. */
  branch_of_name: Generated<string | null>;
  /** A group chat's way of picking who speaks ('natural', 'list', 'pooled'); null for a chat with one character. */
  group_strategy: Generated<string | null>;
  last_message_at: string;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  id: string;
  chat_id: string;
  /** 0, 1, 2... within the chat: the order and the paging key. */
  seq: number;
  role: 'system' | 'user' | 'assistant';
  content: string;
  name: string;
  send_date: string;
  client_id: string | null;
  /** JSON string[]: every version of a reply that has more than one (content is the shown one), else null. */
  swipes: string | null;
  /** The shown version's index when `swipes` is set, else null. */
  swipe_id: number | null;
  /** 1: hidden from the model (SillyTavern's is_system), still shown and exported. */
  hidden: Generated<number>;
  /** The version (0 on a reply with one) whose text ended at a Stop: marked while shown. Else null. */
  stopped_swipe: number | null;
  /** The model that last wrote this reply (LLM_MODEL or the chat's choice, or an imported file's extra.model); null otherwise. */
  model: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: each version's reasoning (core/chat/reasoning VersionReasoning), never in a prompt; null when none has any. */
  reasoning: ColumnType<string | null, string | null | undefined, string | null>;
  /** In a group chat, the card of the member who wrote this reply (kept after the card is deleted); else null. */
  speaker_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON object: an imported chat line's other fields (extra, swipe_info, gen_started...), written back on export; null otherwise. */
  file_fields: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Who a user may be in a chat: a name for {{user}}, a description for the prompt, an avatar. */
export interface PersonasTable {
  id: string;
  user_id: string;
  name: string;
  description: Generated<string>;
  /** `personas/<uuid>.webp` in the blob store; a new picture gets a new key. */
  avatar_key: string | null;
  /** 1 on the persona new chats start with (at most one per user), else 0. */
  is_default: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** One row per (user, Idempotency-Key): what that completion request did, so a retry gets the same answer. */
export interface CompletionRequestsTable {
  user_id: string;
  idempotency_key: string;
  chat_id: string;
  /** 'part': a message stored without a reply (the first parts of a long one, sent as several). */
  kind: 'message' | 'part' | 'regenerate' | 'continue';
  /** sha256 of what was asked (the message text, or the regeneration): a reused key must ask the same. */
  request_hash: string;
  state: 'running' | 'done' | 'failed';
  greeting_message_id: string | null;
  user_message_id: string | null;
  reply_message_id: string | null;
  error_code: string | null;
  error_message: string | null;
  created_at: string;
  updated_at: string;
}

/** One row per (user, Idempotency-Key) of an edit or delete: a retried change applies once. */
export interface MessageChangesTable {
  user_id: string;
  idempotency_key: string;
  chat_id: string;
  kind: 'edit' | 'delete' | 'delete_from';
  /** sha256 of the change asked for: the same key asking another is refused. */
  request_hash: string;
  created_at: string;
}

/** A rate limit's counter shared by instances on PostgreSQL: the count in the window ending at `window_ends` (ms). */
export interface RateLimitsTable {
  key: string;
  window_ends: number | string;
  count: number;
}

export interface Database {
  users: UsersTable;
  local_accounts: LocalAccountsTable;
  account_tokens: AccountTokensTable;
  account_deletions: AccountDeletionsTable;
  oidc_payloads: OidcPayloadsTable;
  provider_keys: ProviderKeysTable;
  images: ImagesTable;
  favorites: FavoritesTable;
  chats: ChatsTable;
  messages: MessagesTable;
  completion_requests: CompletionRequestsTable;
  personas: PersonasTable;
  message_changes: MessageChangesTable;
  card_hits: CardHitsTable;
  jobs: JobsTable;
  rate_limits: RateLimitsTable;
  sign_up_requests: SignUpRequestsTable;
  card_revisions: CardRevisionsTable;
  gallery: GalleryTable;
  gallery_tags: GalleryTagsTable;
  card_activity: CardActivityTable;
  reports: ReportsTable;
  chat_prompts: ChatPromptsTable;
  ai_settings: AiSettingsTable;
  ai_presets: AiPresetsTable;
  user_ai_keys: UserAiKeysTable;
  server_secrets: ServerSecretsTable;
  events: EventsTable;
  event_counters: EventCountersTable;
  chat_members: ChatMembersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Image = Selectable<ImagesTable>;
export type NewImage = Insertable<ImagesTable>;
export type Favorite = Selectable<FavoritesTable>;
export type Chat = Selectable<ChatsTable>;
export type NewChat = Insertable<ChatsTable>;
export type Message = Selectable<MessagesTable>;
export type NewMessage = Insertable<MessagesTable>;
export type ChatMember = Selectable<ChatMembersTable>;
export type CompletionRequestRow = Selectable<CompletionRequestsTable>;
export type PersonaRow = Selectable<PersonasTable>;
export type JobRow = Selectable<JobsTable>;
export type ChatPromptRow = Selectable<ChatPromptsTable>;
export type NewPersona = Insertable<PersonasTable>;
export type AiPresetRow = Selectable<AiPresetsTable>;
