import Dexie, { type EntityTable } from 'dexie';
import type { CollectionItem, Favorite, PublicImage, UserProfile } from '../../core/types';

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

/**
 * The UI's local source of truth. Schema changes add a new version() with an upgrade; existing
 * versions are never edited, because installed copies of the app already hold data in them.
 */
export class CardchatDb extends Dexie {
  profile!: EntityTable<CachedProfile, 'key'>;
  cards!: EntityTable<CachedCard, 'file_id'>;
  collections!: EntityTable<CollectionItem, 'file_id'>;
  favorites!: EntityTable<Favorite, 'id'>;

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
  }
}

export const db = new CardchatDb();
