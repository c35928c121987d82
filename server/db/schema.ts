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

export interface Database {
  users: UsersTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
