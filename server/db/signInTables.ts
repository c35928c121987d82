import type { Generated, Selectable } from 'kysely';

/** The tables of the embedded OpenID provider: accounts, one-time links, deletions, its models and keys, sign-ups by mail. */
/** Accounts of the embedded OpenID provider; `id` is the `sub` it issues. */
export interface LocalAccountsTable {
  id: string;
  /** Stored lowercased, so uniqueness ignores case. */
  email: string;
  name: string;
  /** `scrypt$N$r$p$salt$hash`, base64url parts; the parameters travel with the hash so they can change. */
  password_hash: string;
  created_at: string;
  /** When the owner opened a verification link sent to the address; null while unverified. */
  email_verified_at: Generated<string | null>;
}

/** A one-time link of the embedded provider: only the sha256 of the token it carries is kept. */
export interface AccountTokensTable {
  token_hash: string;
  account_id: string;
  purpose: 'reset_password' | 'verify_email';
  expires_at: string;
  created_at: string;
}

/**
 * An account deletion, recorded before anything is deleted and worked through until done (again at
 * the next start when the process died on the way).
 */
export interface AccountDeletionsTable {
  user_id: string;
  /** sha256 of the issuer and subject: refuses tokens issued before the deletion, and says nothing else. */
  identity_hash: string;
  requested_at: string;
  finished_at: string | null;
  attempts: Generated<number>;
  /** Why the last attempt stopped short (an unreachable bucket...), for the log and the operator. */
  last_error: string | null;
}

/** oidc-provider's persisted models (sessions, grants, codes, refresh tokens, interactions...). */
export interface OidcPayloadsTable {
  model: string;
  id: string;
  /** The model's payload as JSON text. */
  payload: string;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: string | null;
  consumed_at: string | null;
  /** The account a session, grant, code or refresh token belongs to (its payload's accountId). */
  account_id: string | null;
}

/** The embedded provider's keys: one row ('current') shared by every instance. */
export interface ProviderKeysTable {
  id: string;
  /** JSON: the private signing JWKs and the cookie secrets. */
  keys: string;
  created_at: string;
}

/** A sign-up waiting for its mailed link, or (no password hash) the notice mailed to an address's owner. */
export interface SignUpRequestsTable {
  token_hash: string;
  email: string;
  name: string;
  password_hash: string | null;
  created_at: string;
  expires_at: string;
}

export type LocalAccount = Selectable<LocalAccountsTable>;
export type OidcPayload = Selectable<OidcPayloadsTable>;
