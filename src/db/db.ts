import Dexie, { type EntityTable, type Table } from 'dexie';
import type {
  AiPreset,
  CharacterDetails,
  CharacterPage,
  ChatMessage,
  ContentRating,
  CreatorPage,
  CollectionItem,
  CompletionRequest,
  EditMessageRequest,
  Favorite,
  Persona,
  PublicImage,
  RecentChat,
  ReportRequest,
  UserProfile,
} from '@core/contract';
import type { CharacterDraftRecord } from './drafts';
import type { AiChange, LocalAiSettings, LocalChatMemories, LocalChatPrompt, MemoryChange } from './storyRows';

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
  /** A continuation streaming in (or stopped) in place of this stored reply, which it hides meanwhile. */
  continues?: string;
}

export interface QueuedItem {
  /** The Idempotency-Key; for a message also its row id in `messages`. */
  client_id: string;
  chat_id: string;
  /** ISO-8601; the order in which a chat's messages and changes reach the server. */
  created_at: string;
  attempts: number;
  /** The last network or server error, for the UI. */
  last_error: string | null;
}

/**
 * A message waiting to be sent to /api/chat/completions (sync/send/README.md). Written in the same
 * transaction as its `pending` row in `messages`; removed once the server stored it, or when the
 * server refused it (the message row is then `failed` with the reason).
 */
export interface MessageSend extends QueuedItem {
  kind: 'message';
  /** The request as it will be sent (chat_id, the message, card fields, greeting_index for a new chat). */
  request: CompletionRequest;
}

/** A persona as last pulled, with its avatar's bytes, so the picker and Profile show it offline. */
export interface LocalPersona extends Persona {
  /** The picture fetched from `url` (the persona's avatar_url then): a new avatar_url means a new picture. */
  avatar?: { url: string; bytes: ArrayBuffer; type: string };
}

/**
 * Who the user chose to be in a chat, on this device. `pending` until the server has it: it goes with
 * PUT /api/chats/{chat_id} when cardchat answers, and with the chat's next message in any case, so a
 * choice made offline (or in a chat the server has not stored yet) is never lost.
 */
export interface ChatPersonaChoice {
  chat_id: string;
  /** null: the profile name. */
  persona_id: string | null;
  pending: boolean;
}

/**
 * A change to a stored message, already made to the device's copy in the transaction that
 * queued it, waiting for the server: an edit or a version chosen (PATCH /api/messages/{id}), a delete,
 * a delete from here. Queued in line with the chat's messages, so the server sees them in the order
 * the person made them; until it answers, every pull of the chat makes them again on what it brings.
 */
export interface MessageChange extends QueuedItem {
  /**
   * `branch`: a new chat (`chat_id`, also the key) made from another's history up to `message_id`,
   * already made on the device; first in the new chat's queue, so what is written in it waits behind it.
   */
  kind: 'edit' | 'delete' | 'delete_from' | 'branch';
  /** The stored message changed (or deleted, or deleted from, or branched from). */
  message_id: string;
  /** That message's seq: a delete from here removes it and every message after it. */
  seq: number;
  /** A branch's request: the chat it is made from, and its name. */
  branch?: { origin_id: string; title: string };
  /** An edit's request. */
  edit?: EditMessageRequest;
  /** A delete's Undo window: it is not sent before this time (ms since epoch); a later action of the chat ends it early. */
  hold_until?: number;
  /** What a delete took off the device (rows, and the sends of unsent ones), for its Undo to put back. */
  removed?: { rows: LocalMessage[]; sends: MessageSend[] };
}

export type OutboxItem = MessageSend | MessageChange;

/**
 * A card submitted for the gallery, or a report of one, made offline or while cardchat did not answer:
 * waits in `shareOutbox` beside the messages' outbox, items of the same shape but of no
 * chat, sent in the order made by the same flush (sync/send/shareRequests.ts).
 */
export interface ShareRequest extends Omit<QueuedItem, 'chat_id'> {
  kind: 'submit' | 'report';
  file_id: string;
  submit?: { content_rating: ContentRating };
  report?: ReportRequest;
}

/** A page of a gallery list in the order the server gave it (a sort, search or tag filter; a creator's cards). */
export interface GalleryList {
  /** sync/gallery.ts listKey: which list. */
  key: string;
  /** The cards' file ids, in order, as far as pulled. */
  ids: string[];
  hasMore: boolean;
}

/** Whether the user has favorited a public card, as the server last said. */
export interface FavoriteFlag {
  file_id: string;
  favorited: boolean;
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
  personas!: EntityTable<LocalPersona, 'id'>;
  chatPersonas!: EntityTable<ChatPersonaChoice, 'chat_id'>;
  drafts!: EntityTable<CharacterDraftRecord, 'id'>;
  characters!: EntityTable<CharacterDetails, 'file_id'>;
  favoriteFlags!: EntityTable<FavoriteFlag, 'file_id'>;
  galleryLists!: EntityTable<GalleryList, 'key'>;
  characterPages!: EntityTable<CharacterPage, 'file_id'>;
  creators!: EntityTable<CreatorPage, 'handle'>;
  shareOutbox!: EntityTable<ShareRequest, 'client_id'>;
  chatPrompts!: EntityTable<LocalChatPrompt, 'chat_id'>;
  chatMemories!: EntityTable<LocalChatMemories, 'chat_id'>;
  memoryOutbox!: EntityTable<MemoryChange, 'client_id'>;
  aiSettings!: EntityTable<LocalAiSettings, 'key'>;
  aiPresets!: EntityTable<AiPreset, 'id'>;
  aiOutbox!: EntityTable<AiChange, 'client_id'>;

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
    // The outbox also holds changes to stored messages (edits, deletes) in line with the
    // messages; `kind` tells them apart (the top bar counts waiting messages only). Entries written
    // before were all messages.
    this.version(6)
      .stores({
        outbox: 'client_id, [chat_id+created_at], created_at, kind',
      })
      .upgrade((tx) =>
        tx
          .table('outbox')
          .toCollection()
          .modify((item: { kind?: string }) => {
            item.kind ??= 'message';
          }),
      );
    // The user's personas (oldest first, as the server lists them) and who they are in each chat.
    this.version(7).stores({
      personas: 'id, created_at',
      chatPersonas: 'chat_id, persona_id',
    });
    // The character editor's drafts (db/drafts.ts): one for a new character, one per card being edited.
    this.version(8).stores({
      drafts: 'id, savedAt',
    });
    // There is no version 9: the number was skipped when version 10 was written (no commit ever
    // declared a 9). Dexie needs versions to grow, not to follow each other, and installed copies are at 10,
    // so the next change is version 11 and 9 stays unused.
    // What the chat's panel shows comes from here, filled by sync/ (the chat's character as the
    // server last described it, and whether the user favorited each card asked about).
    this.version(10).stores({
      characters: 'file_id',
      favoriteFlags: 'file_id',
    });
    // Each gallery list in the server's order (sorts, searches, tag filters, creators'
    // cards), character pages and creator pages as last seen, so they open offline.
    this.version(11).stores({
      galleryLists: 'key',
      characterPages: 'file_id',
      creators: 'handle',
      shareOutbox: 'client_id, created_at, file_id',
    });
    // Each chat's last prompt, part by part, as the server last gave it (the Prompt view offline);
    // its pinned memories, and their changes waiting to be sent in order.
    this.version(12).stores({
      chatPrompts: 'chat_id',
      chatMemories: 'chat_id',
      memoryOutbox: 'client_id, created_at, chat_id',
    });
    // Generation settings and presets, and their changes waiting for the server (db/aiSettings.ts).
    this.version(13).stores({
      aiSettings: 'key',
      aiPresets: 'id, created_at',
      aiOutbox: 'client_id, created_at',
    });
  }
}

export const db = new CardchatDb();

/** Copies of what anyone may see (the gallery's cards and lists, creators' pages): nobody's data, kept across sign-outs. */
export const PUBLIC_CACHE_TABLES: readonly Table[] = [db.cards, db.galleryLists, db.creators];

/**
 * Copies of what the server holds for the signed-in user: pulled again when they are gone, so both
 * "Clear local data" and signing out clear them whole.
 */
export const USER_COPY_TABLES: readonly Table[] = [
  db.collections,
  db.favorites,
  db.favoriteFlags,
  db.characters,
  db.personas,
  db.aiSettings,
  db.aiPresets,
  // A page may be of the user's own private card, and says what is theirs (Edit, its review).
  db.characterPages,
  db.chatPrompts,
  db.chatMemories,
];

/**
 * The tables that hold a user's data: the copies above, the profile, the chats and messages, what
 * waits to be sent, the persona choices and the editor's drafts. Signing out clears them all; the
 * public caches (PUBLIC_CACHE_TABLES) are nobody's.
 */
export const USER_DATA_TABLES: readonly Table[] = [
  ...USER_COPY_TABLES,
  db.profile,
  db.chats,
  db.messages,
  db.outbox,
  db.shareOutbox,
  db.memoryOutbox,
  db.aiOutbox,
  db.chatPersonas,
  db.drafts,
];
