import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { issuerOf, type Config } from '../config';
import { insertAccountToken, type AccountTokenPurpose } from '../db/repositories/accountTokens';
import type { Database } from '../db/schema';

const MINUTE = 60_000;

/** How long each kind of link works: a reset link briefly (it opens the account), a welcome link for a day. */
export const LINK_TTL_MS: Record<AccountTokenPurpose, number> = {
  reset_password: 30 * MINUTE,
  verify_email: 24 * 60 * MINUTE,
};

/** Where each kind of link leads, below the provider's mount path. */
export const LINK_PATHS: Record<AccountTokenPurpose, string> = {
  reset_password: 'password-reset',
  verify_email: 'verify-email',
};

/**
 * Only the hash of a link's token is stored: a copy of the database (a backup) opens no account.
 * The token is 256 random bits, so a plain sha256 is enough (no guessing to slow down).
 */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** A token as it travels in a link: what the route's `:token` accepts. */
export const LINK_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** Makes a one-time link for the account and returns its URL (PUBLIC_URL, whatever the request said). */
export async function issueLink(db: Kysely<Database>, config: Config, accountId: string, purpose: AccountTokenPurpose): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await insertAccountToken(db, {
    token_hash: tokenHash(token),
    account_id: accountId,
    purpose,
    expires_at: new Date(now + LINK_TTL_MS[purpose]).toISOString(),
    created_at: new Date(now).toISOString(),
  });
  return `${issuerOf(config)}/${LINK_PATHS[purpose]}/${token}`;
}
