import type { ExpressionBuilder, Kysely } from 'kysely';
import type { AccountTokensTable, Database } from '../schema';

export type AccountTokenPurpose = AccountTokensTable['purpose'];

export async function insertAccountToken(db: Kysely<Database>, row: AccountTokensTable): Promise<void> {
  await db.insertInto('account_tokens').values(row).execute();
}

/** A link as its page looks it up: the hash of its token, what it is for, and the time now (ISO). */
export interface LinkLookup {
  tokenHash: string;
  purpose: AccountTokenPurpose;
  now: string;
}

/** The token's row, when it is of this purpose and not expired yet. */
const liveToken =
  ({ tokenHash, purpose, now }: LinkLookup) =>
  (eb: ExpressionBuilder<Database, 'account_tokens'>) =>
    eb.and([eb('token_hash', '=', tokenHash), eb('purpose', '=', purpose), eb('expires_at', '>', now)]);

/** The account a live token of this purpose opens, without using it up (a page showing its form). */
export async function findLiveAccountToken(db: Kysely<Database>, link: LinkLookup): Promise<string | undefined> {
  const row = await db.selectFrom('account_tokens').select('account_id').where(liveToken(link)).executeTakeFirst();
  return row?.account_id;
}

/**
 * Uses the token up: of two requests racing with the same link, only the one whose delete removed
 * the row gets its account, so a link works once.
 */
export async function consumeAccountToken(db: Kysely<Database>, link: LinkLookup): Promise<string | undefined> {
  const row = await db.deleteFrom('account_tokens').where(liveToken(link)).returning('account_id').executeTakeFirst();
  return row?.account_id;
}

/** Whether a link of this purpose went to the account after `since` (ISO): mails are not sent more often than that. */
export async function sentSince(db: Kysely<Database>, accountId: string, purpose: AccountTokenPurpose, since: string): Promise<boolean> {
  const row = await db
    .selectFrom('account_tokens')
    .select('token_hash')
    .where('account_id', '=', accountId)
    .where('purpose', '=', purpose)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every outstanding link of this purpose for the account: a new password makes older reset links useless. */
export async function deleteAccountTokens(db: Kysely<Database>, accountId: string, purpose: AccountTokenPurpose): Promise<void> {
  await db.deleteFrom('account_tokens').where('account_id', '=', accountId).where('purpose', '=', purpose).execute();
}

export async function deleteExpiredAccountTokens(db: Kysely<Database>, now: string): Promise<void> {
  await db.deleteFrom('account_tokens').where('expires_at', '<=', now).execute();
}
