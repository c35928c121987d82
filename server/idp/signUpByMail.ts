/**
 * Sign-up when cardchat can send mail: the form's answer is the same whether or not the address has
 * an account ('check your e-mail to finish'), and so is the work done for it, all of it after the
 * answer has gone. A new address gets a link that creates the account when opened (the address is
 * proven by it); an address with an account gets a notice to its owner that someone tried, with the
 * ways in. Without mail there is no way to tell the two apart and still let people sign up: the page
 * says an address is taken, and the sign-up limit per address is what stands against collecting them.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { issuerOf, type Config } from '../config';
import { findLocalAccountByEmail } from '../db/repositories/localAccounts';
import { insertSignUpRequest, signUpMailedSince } from '../db/repositories/signUpRequests';
import type { Database } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { finishSignUpMail, signUpNoticeMail } from '../mail/messages';
import { hashPassword, normalizeEmail, type SignUpInput } from './accounts';
import { MAIL_INTERVAL_MS } from './accountMail';
import { LINK_TTL_MS, tokenHash } from './oneTimeLinks';

/** Where the finishing link leads, below the provider's mount path. */
export const FINISH_SIGN_UP_PATH = 'finish-sign-up';

export const signUpMessages = {
  sent: (email: string) =>
    `Check your e-mail to finish: we sent a message to ${email}. Open the link in it to finish creating your account (it works for 24 hours), then sign in. Nothing arrived? Check your spam folder.`,
  ready: 'Your account is ready. Sign in with the e-mail address and password you chose.',
  taken: 'An account with this address was created meanwhile. Sign in, or choose a new password with "Forgot password?".',
  expired: 'This link has expired or was used already. Sign up again to get a new one.',
} as const;

/** The work of one sign-up, done after the answer: the same hash either way, then the one mail that fits. */
async function mailSignUp(db: Kysely<Database>, config: Config, mailer: Mailer, input: SignUpInput): Promise<void> {
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const now = Date.now();
  // At most one mail a minute to an address, however many addresses ask.
  if (await signUpMailedSince(db, email, new Date(now - MAIL_INTERVAL_MS).toISOString())) return;
  const account = await findLocalAccountByEmail(db, email);
  const token = randomBytes(32).toString('base64url');
  await insertSignUpRequest(db, {
    // A notice has no link: its row only counts the mail.
    token_hash: account ? `notice:${randomUUID()}` : tokenHash(token),
    email,
    name: account ? '' : input.name.trim(),
    password_hash: account ? null : passwordHash,
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + LINK_TTL_MS.verify_email).toISOString(),
  });
  const issuer = issuerOf(config);
  await mailer.send(
    account
      ? signUpNoticeMail(email, `${config.publicUrl}/login`, `${issuer}/forgot-password`)
      : finishSignUpMail(email, `${issuer}/${FINISH_SIGN_UP_PATH}/${token}`, LINK_TTL_MS.verify_email),
  );
}

/** Starts the mailing after the answer has gone; a failure is the operator's to see in the log. */
export function signUpByMail(db: Kysely<Database>, config: Config, mailer: Mailer, log: FastifyBaseLogger) {
  return (input: SignUpInput) => {
    setImmediate(
      () => void mailSignUp(db, config, mailer, input).catch((error: unknown) => log.error({ err: error }, 'a sign-up mail failed')),
    );
  };
}
