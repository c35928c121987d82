import type { Kysely } from 'kysely';
import type { Database, OidcPayload } from '../schema';

type Lookup = 'id' | 'uid' | 'user_code';

/** The live row of `model` whose `column` equals `value`; expired rows count as gone. */
export function findOidcPayload(
  db: Kysely<Database>,
  model: string,
  column: Lookup,
  value: string,
  now: string,
): Promise<OidcPayload | undefined> {
  return db
    .selectFrom('oidc_payloads')
    .selectAll()
    .where('model', '=', model)
    .where(column, '=', value)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .executeTakeFirst();
}

/** Writes the row, replacing an earlier version with the same id (the provider re-saves sessions and grants). */
export async function upsertOidcPayload(db: Kysely<Database>, row: OidcPayload): Promise<void> {
  await db
    .insertInto('oidc_payloads')
    .values(row)
    .onConflict((oc) =>
      oc.columns(['model', 'id']).doUpdateSet({
        payload: row.payload,
        grant_id: row.grant_id,
        user_code: row.user_code,
        uid: row.uid,
        expires_at: row.expires_at,
        consumed_at: row.consumed_at,
      }),
    )
    .execute();
}

export async function consumeOidcPayload(db: Kysely<Database>, model: string, id: string, now: string): Promise<void> {
  await db.updateTable('oidc_payloads').set({ consumed_at: now }).where('model', '=', model).where('id', '=', id).execute();
}

export async function deleteOidcPayload(db: Kysely<Database>, model: string, id: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('model', '=', model).where('id', '=', id).execute();
}

export async function deleteOidcPayloadsByGrant(db: Kysely<Database>, model: string, grantId: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('model', '=', model).where('grant_id', '=', grantId).execute();
}

export async function deleteExpiredOidcPayloads(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('oidc_payloads').where('expires_at', '<=', now).execute();
}
