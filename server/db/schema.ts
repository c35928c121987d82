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

export interface Database {
  users: UsersTable;
  local_accounts: LocalAccountsTable;
  oidc_payloads: OidcPayloadsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type LocalAccount = Selectable<LocalAccountsTable>;
export type OidcPayload = Selectable<OidcPayloadsTable>;
