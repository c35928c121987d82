import { randomBytes, randomUUID, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Account } from 'oidc-provider';
import { deleteAccountTokens } from '../db/repositories/accountTokens';
import { findLocalAccountByEmail, findLocalAccountById, insertLocalAccount, updateLocalAccount } from '../db/repositories/localAccounts';
import { endAccountSessions } from '../db/repositories/oidcPayloads';
import type { Database, LocalAccount } from '../db/schema';
import { passwordProblem } from './passwordPolicy';

export const messages = {
  wrongCredentials: 'Wrong e-mail or password.',
  emailTaken: 'An account with this e-mail already exists.',
  invalidEmail: 'Enter a valid e-mail address, like name@example.com.',
  emptyName: 'Enter your name.',
  longName: 'Your name can be at most 100 characters long.',
} as const;

// N = 2^15 with r = 8 needs 32 MiB per hash; maxmem leaves room above Node's 32 MiB default.
const SCRYPT = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await derive(password, Buffer.from(salt, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** Every reason the form cannot be accepted, in the order the fields appear. */
export async function signUpProblems({ name, email, password }: SignUpInput): Promise<string[]> {
  const problems: string[] = [];
  const trimmedName = name.trim();
  if (!trimmedName) problems.push(messages.emptyName);
  else if (trimmedName.length > 100) problems.push(messages.longName);
  const normalized = normalizeEmail(email);
  if (normalized.length > 254 || !EMAIL.test(normalized)) problems.push(messages.invalidEmail);
  const weak = await passwordProblem(password, { email, name });
  if (weak) problems.push(weak);
  return problems;
}

type SignUpResult = { account: LocalAccount } | { problems: string[] };

export async function signUp(db: Kysely<Database>, input: SignUpInput): Promise<SignUpResult> {
  const problems = await signUpProblems(input);
  if (problems.length > 0) return { problems };
  const email = normalizeEmail(input.email);
  // Checked first so a taken e-mail answers without the cost of hashing; the insert still decides.
  if (await findLocalAccountByEmail(db, email)) return { problems: [messages.emailTaken] };
  const account: LocalAccount = {
    id: randomUUID(),
    email,
    name: input.name.trim(),
    password_hash: await hashPassword(input.password),
    created_at: new Date().toISOString(),
    email_verified_at: null,
  };
  if (!(await insertLocalAccount(db, account))) return { problems: [messages.emailTaken] };
  return { account };
}

let decoy: Promise<string> | undefined;

/** The account these credentials open, or undefined; both failures take the same time and look the same. */
export async function signIn(db: Kysely<Database>, email: string, password: string): Promise<LocalAccount | undefined> {
  const account = await findLocalAccountByEmail(db, normalizeEmail(email));
  if (!account) {
    // Hash anyway, so the response time does not tell whether the e-mail has an account.
    decoy ??= hashPassword(randomUUID());
    await verifyPassword(password, await decoy);
    return undefined;
  }
  return (await verifyPassword(password, account.password_hash)) ? account : undefined;
}

/** Whether `password` is the account's (as slow as a sign-in: each guess costs a scrypt hash). */
export function isAccountPassword(account: LocalAccount, password: string): Promise<boolean> {
  return verifyPassword(password, account.password_hash);
}

/** The hash of the account's new password, or why the policy refuses it (the one reason to show). */
export async function newPasswordHash(account: LocalAccount, password: string): Promise<{ hash: string } | { problem: string }> {
  const problem = await passwordProblem(password, { email: account.email, name: account.name });
  return problem ? { problem } : { hash: await hashPassword(password) };
}

/**
 * Stores a new password inside the caller's transaction: reset links still out are void, and the
 * account's sessions end, all but the one `keepSid` names (the device that changed it), so whoever
 * knew the old password is signed out everywhere at once. Returns how many sessions ended.
 */
export async function storeNewPassword(trx: Kysely<Database>, accountId: string, hash: string, keepSid?: string): Promise<number> {
  await updateLocalAccount(trx, accountId, { password_hash: hash });
  await deleteAccountTokens(trx, accountId, 'reset_password');
  return endAccountSessions(trx, accountId, keepSid);
}

/**
 * oidc-provider's view of an account: its claims. The e-mail counts as verified once its owner
 * opened a verification link (REQUIRE_EMAIL_VERIFICATION); before that, or without mail, it is not.
 */
export async function findAccount(db: Kysely<Database>, sub: string): Promise<Account | undefined> {
  const account = await findLocalAccountById(db, sub);
  if (!account) return undefined;
  return {
    accountId: account.id,
    claims: () => ({ sub: account.id, email: account.email, email_verified: account.email_verified_at !== null, name: account.name }),
  };
}
