import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, User } from '../schema';

export interface Identity {
  issuer: string;
  subject: string;
  email: string | null;
  name: string | null;
  picture: string | null;
}

export function findUserByIdentity(db: Kysely<Database>, issuer: string, subject: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
}

export function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Creates the user on first sight; two first requests racing each other end with one row. */
export async function insertUser(db: Kysely<Database>, identity: Identity): Promise<User> {
  const now = new Date().toISOString();
  await db
    .insertInto('users')
    .values({ id: randomUUID(), ...identity, created_at: now, updated_at: now })
    .onConflict((oc) => oc.columns(['issuer', 'subject']).doNothing())
    .execute();
  const user = await findUserByIdentity(db, identity.issuer, identity.subject);
  if (!user) throw new Error('user row vanished right after insert');
  return user;
}

export async function updateUser(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<User, 'email' | 'name' | 'picture' | 'plan' | 'handle' | 'bio' | 'adult_confirmed_at' | 'show_nsfw'>>,
): Promise<User> {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findUsersByEmail(db: Kysely<Database>, email: string): Promise<User[]> {
  return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).execute();
}
