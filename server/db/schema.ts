import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

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
}

/** Accounts of the embedded OpenID provider; `id` is the `sub` it issues. */
export interface LocalAccountsTable {
  id: string;
  /** Stored lowercased, so uniqueness ignores case. */
  email: string;
  name: string;
  /** `scrypt$N$r$p$salt$hash`, base64url parts; the parameters travel with the hash so they can change. */
  password_hash: string;
  created_at: string;
}

/** oidc-provider's persisted models (sessions, grants, codes, refresh tokens, interactions...). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  /** The model's payload as JSON text. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
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
  created_at: string;
  updated_at: string;
}

export interface FavoritesTable {
  id: string;
  user_id: string;
  image_id: string;
  created_at: string;
}

export interface Database {
  users: UsersTable;
  local_accounts: LocalAccountsTable;
  oidc_payloads: OidcPayloadsTable;
  images: ImagesTable;
  favorites: FavoritesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type LocalAccount = Selectable<LocalAccountsTable>;
export type OidcPayload = Selectable<OidcPayloadsTable>;
export type Image = Selectable<ImagesTable>;
export type NewImage = Insertable<ImagesTable>;
export type Favorite = Selectable<FavoritesTable>;
