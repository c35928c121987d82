import type { Kysely } from 'kysely';
import type { AccountTokensTable, Database } from '../schema';

export type AccountTokenPurpose = AccountTokensTable['purpose'];

export async function insertAccountToken(db: Kysely<Database>, row: AccountTokensTable): Promise<void> {
  await db.insertInto('account_tokens').values(row).execute();
}

/** The account a live token of this purpose opens, without using it up (a page showing its form). */
export async function findLiveAccountToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('account_tokens')
    .select('account_id')
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row?.account_id;
}

/**
 * Uses the token up: of two requests racing with the same link, only the one whose delete removed
 * the row gets its account, so a link works once.
 */
export async function consumeAccountToken(
  db: Kysely<Database>,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  now: string,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('account_tokens')
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('expires_at', '>', now)
    .returning('account_id')
    .executeTakeFirst();
  return row?.account_id;
}

/** Every outstanding link of this purpose for the account: a new password makes older reset links useless. */
export async function deleteAccountTokens(db: Kysely<Database>, accountId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db.deleteFrom('account_tokens').where('account_id', '=', accountId).where('purpose', '=', purpose).execute();
}

export async function deleteExpiredAccountTokens(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('account_tokens').where('expires_at', '<=', now).execute();
}
