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
        account_id: row.account_id,
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

/** The grants a Session payload names for its clients. */
function authorizationsOf(payload: string): { grantId?: unknown }[] {
  try {
    const { authorizations } = JSON.parse(payload) as { authorizations?: Record<string, { grantId?: unknown }> };
    return Object.values(authorizations ?? {});
  } catch {
    return [];
  }
}

/**
 * Ends an account's sessions at the embedded provider, every one or all but the one `keepSid` (the
 * session uid an access token carries as `sid`) names: their rows go, and with them their grants and everything issued
 * under those (refresh tokens, codes), so a refresh token of an ended session fails at once. Run
 * inside the transaction that makes the change calling for it (a new password, a deletion).
 */
export async function endAccountSessions(db: Kysely<Database>, accountId: string, keepSid?: string): Promise<number> {
  const sessions = await db
    .selectFrom('oidc_payloads')
    .select(['id', 'uid', 'payload'])
    .where('model', '=', 'Session')
    .where('account_id', '=', accountId)
    .execute();
  const ending = sessions.filter((session) => keepSid === undefined || session.uid !== keepSid);
  const grants = new Set(
    ending
      .flatMap((session) => authorizationsOf(session.payload).map((a) => a.grantId))
      .filter((id): id is string => typeof id === 'string'),
  );
  if (keepSid === undefined) {
    const all = await db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('model', '=', 'Grant')
      .where('account_id', '=', accountId)
      .execute();
    for (const grant of all) grants.add(grant.id);
  }
  if (ending.length > 0) {
    await db
      .deleteFrom('oidc_payloads')
      .where('model', '=', 'Session')
      .where(
        'id',
        'in',
        ending.map((session) => session.id),
      )
      .execute();
  }
  if (grants.size > 0) {
    const ids = [...grants];
    await db.deleteFrom('oidc_payloads').where('grant_id', 'in', ids).execute();
    await db.deleteFrom('oidc_payloads').where('model', '=', 'Grant').where('id', 'in', ids).execute();
  }
  if (keepSid === undefined) await db.deleteFrom('oidc_payloads').where('account_id', '=', accountId).execute();
  return ending.length;
}
