import type { Kysely } from 'kysely';
import type { Database } from '../schema';

const CURRENT = 'current';

export async function findProviderKeys(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom('provider_keys').select('keys').where('id', '=', CURRENT).executeTakeFirst();
  return row?.keys;
}

/** Stores the keys unless an instance starting at the same moment stored its own first. */
export async function insertProviderKeysIfAbsent(db: Kysely<Database>, keys: string, now: string): Promise<void> {
  await db
    .insertInto('provider_keys')
    .values({ id: CURRENT, keys, created_at: now })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
