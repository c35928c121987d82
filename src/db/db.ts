import Dexie, { type EntityTable } from 'dexie';
import type { UserProfile } from '../../core/types';

/** The signed-in user as last confirmed by the server; opens signed-in pages offline for 24 hours. */
export interface CachedProfile {
  key: 'me';
  profile: UserProfile;
  /** When the server last confirmed this session (ms since epoch). */
  lastLoginAt: number;
}

/**
 * The UI's local source of truth. Schema changes add a new version() with an upgrade; existing
 * versions are never edited, because installed copies of the app already hold data in them.
 */
export class CardchatDb extends Dexie {
  profile!: EntityTable<CachedProfile, 'key'>;

  constructor(name = 'cardchat') {
    super(name);
    this.version(1).stores({
      profile: 'key',
    });
  }
}

export const db = new CardchatDb();
