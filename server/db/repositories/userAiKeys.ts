import type { Kysely, Selectable } from 'kysely';
import type { UserAiKeysTable } from '../aiKeyTables';
import type { Database } from '../schema';

export type UserAiKeyRow = Selectable<UserAiKeysTable>;

export async function findUserAiKey(db: Kysely<Database>, userId: string): Promise<UserAiKeyRow | undefined> {
  return db.selectFrom('user_ai_keys').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Stores the person's key, replacing the one they had. */
export async function putUserAiKey(db: Kysely<Database>, row: UserAiKeyRow): Promise<void> {
  await db
    .insertInto('user_ai_keys')
    .values(row)
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        endpoint: row.endpoint,
        model: row.model,
        key_cipher: row.key_cipher,
        key_last4: row.key_last4,
        updated_at: row.updated_at,
      }),
    )
    .execute();
}

export async function deleteUserAiKey(db: Kysely<Database>, userId: string): Promise<boolean> {
  const result = await db.deleteFrom('user_ai_keys').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether the person's replies are written with their own key (saved for an endpoint still allowed). */
export async function usesOwnAiKey(db: Kysely<Database>, userId: string, endpoints: string[]): Promise<boolean> {
  if (endpoints.length === 0) return false;
  const row = await db
    .selectFrom('user_ai_keys')
    .select('user_id')
    .where('user_id', '=', userId)
    .where('endpoint', 'in', endpoints)
    .executeTakeFirst();
  return row !== undefined;
}

export async function findServerSecret(db: Kysely<Database>, id: string): Promise<string | undefined> {
  return (await db.selectFrom('server_secrets').select('value').where('id', '=', id).executeTakeFirst())?.value;
}

/** Stores a secret unless an instance starting at the same moment stored its own first. */
export async function insertServerSecretIfAbsent(db: Kysely<Database>, id: string, value: string, now: string): Promise<void> {
  await db
    .insertInto('server_secrets')
    .values({ id, value, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
