import type { Kysely } from 'kysely';
import type { Database, LocalAccount } from '../schema';

export function findLocalAccountById(db: Kysely<Database>, id: string): Promise<LocalAccount | undefined> {
  return db.selectFrom('local_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findLocalAccountByEmail(db: Kysely<Database>, email: string): Promise<LocalAccount | undefined> {
  return db.selectFrom('local_accounts').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * Inserts the account unless its e-mail is taken; returns false when it is. The unique index decides,
 * so two sign-ups racing for one e-mail end with one account and one clear refusal.
 */
export async function insertLocalAccount(db: Kysely<Database>, account: LocalAccount): Promise<boolean> {
  const inserted = await db
    .insertInto('local_accounts')
    .values(account)
    .onConflict((oc) => oc.column('email').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function updateLocalAccount(
  db: Kysely<Database>,
  id: string,
  changes: Partial<Pick<LocalAccount, 'name' | 'password_hash' | 'email_verified_at'>>,
): Promise<void> {
  await db.updateTable('local_accounts').set(changes).where('id', '=', id).execute();
}

export async function deleteLocalAccount(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('local_accounts').where('id', '=', id).execute();
}
