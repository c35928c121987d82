import Dexie, { type EntityTable } from 'dexie';
import type { ChatMessage, CollectionItem, CompletionRequest, Favorite, PublicImage, RecentChat, UserProfile } from '../../core/contract';
import type { CharacterDraftRecord } from './drafts';

/** The signed-in user as last confirmed by the server; opens signed-in pages offline for 24 hours. */
export interface CachedProfile {
  key: 'me';
  profile: UserProfile;
  /** When the server last confirmed this session (ms since epoch). */
  lastLoginAt: number;
}

/** A public gallery card as the server last sent it, plus what the device needs to search it offline. */
export interface CachedCard extends PublicImage {
  /** Name, tags and creator in lower case, one per line: what offline search matches (as the server's `q` does). */
  searchText: string;
  /** Whether this user has favorited it, once known from a toggle on this device; kept across pulls. */
  favorited?: boolean;
}

/** A chat of the recent list; `localOnly` while it exists on this device only (made here, no reply stored yet). */
export interface LocalChat extends RecentChat {
  localOnly?: boolean;
}

/**
 * A message as this device knows it. Stored ones carry the server's id and seq; a message written here
 * is `pending` (keyed by its client id, seq one past the last known) until the server stores it, a reply
 * being written is `streaming`, and one the server refused is `failed` with the reason.
 */
export interface LocalMessage extends ChatMessage {
  state: 'sent' | 'pending' | 'streaming' | 'failed';
  error?: string;
}

/**
 * A message waiting to be sent to /api/chat/completions (DESIGN §3 "Outbox"). Written in the same
 * transaction as its `pending` row in `messages`; removed once the server stored it, or when the
 * server refused it (the message row is then `failed` with the reason).
 */
export interface OutboxItem {
  /** The user message's client id: its row id in `messages` and the Idempotency-Key. */
  client_id: string;
  chat_id: string;
  /** ISO-8601; the order messages of one chat are sent in. */
  created_at: string;
  /** The request as it will be sent (chat_id, the message, card fields, greeting_index for a new chat). */
  request: CompletionRequest;
  attempts: number;
  /** The last network or server error, for the UI. */
  last_error: string | null;
}

/**
 * The UI's local source of truth. Schema changes add a new version() with an upgrade; existing
 * versions are never edited, because installed copies of the app already hold data in them.
 */
export class CardchatDb extends Dexie {
  profile!: EntityTable<CachedProfile, 'key'>;
  cards!: EntityTable<CachedCard, 'file_id'>;
  collections!: EntityTable<CollectionItem, 'file_id'>;
  favorites!: EntityTable<Favorite, 'id'>;
  chats!: EntityTable<LocalChat, 'chat_id'>;
  messages!: EntityTable<LocalMessage, 'id'>;
  outbox!: EntityTable<OutboxItem, 'client_id'>;
  drafts!: EntityTable<CharacterDraftRecord, 'id'>;

  constructor(name = 'cardchat') {
    super(name);
    this.version(1).stores({
      profile: 'key',
    });
    // The public gallery. upload_time orders it newest first, as the server does; searching filters
    // searchText, because the server's `q` is a substring match that no word index could reproduce.
    this.version(2).stores({
      cards: 'file_id, upload_time',
    });
    // The signed-in user's own cards and favorites, as last pulled; cleared on sign-out with the profile.
    this.version(3).stores({
      collections: 'file_id, upload_time',
      favorites: 'id, file_id, created_at',
    });
    // Chats and their messages; messages are read a page at a time by [chat_id+seq], never by offset.
    this.version(4).stores({
      chats: 'chat_id, last_message_time, character_id',
      messages: 'id, [chat_id+seq], client_id',
    });
    // Messages waiting to be sent, oldest first per chat.
    this.version(5).stores({
      outbox: 'client_id, [chat_id+created_at], created_at',
    });
    // The character editor's drafts (db/drafts.ts): one for a new character, one per card being edited.
    this.version(8).stores({
      drafts: 'id, savedAt',
    });
  }
}

export const db = new CardchatDb();
