import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import { sentSince, type AccountTokenPurpose } from '../db/repositories/accountTokens';
import type { Database, LocalAccount } from '../db/schema';
import type { Mail, Mailer } from '../mail/mailer';
import { passwordResetMail, verifyEmailMail } from '../mail/messages';
import type { SignUpInput } from './accounts';
import { issueLink, LINK_TTL_MS } from './oneTimeLinks';
import { signUpByMail } from './signUpByMail';

/**
 * At most one mail of a kind per account in this time: the forms are limited per address already,
 * and this keeps anyone from filling a stranger's inbox from many addresses. The mail sent a moment
 * ago is still good.
 */
export const MAIL_INTERVAL_MS = 60_000;

export interface AccountMailer {
  /** Mails a reset link to the account, when there is one with this address (nothing says whether there was). */
  sendPasswordReset(account: LocalAccount | undefined): void;
  /** Mails a link that confirms the account's address (REQUIRE_EMAIL_VERIFICATION). */
  sendVerification(account: LocalAccount): void;
  /** A sign-up's mail: the link that finishes it, or a notice to the owner of an address that has an account (signUpByMail.ts). */
  sendSignUp(input: SignUpInput): void;
}

/**
 * The provider's mails, sent after the answer has gone: the page a person sees, and how long it
 * takes, are the same whether or not an account has the address, and a slow mail server holds no
 * request. A failure is logged for the operator; the person can ask again.
 */
export function accountMailer(db: Kysely<Database>, config: Config, mailer: Mailer, log: FastifyBaseLogger): AccountMailer {
  const later = (account: LocalAccount, purpose: AccountTokenPurpose, write: (link: string) => Mail) => {
    const work = async () => {
      if (await sentSince(db, account.id, purpose, new Date(Date.now() - MAIL_INTERVAL_MS).toISOString())) return;
      await mailer.send(write(await issueLink(db, config, account.id, purpose)));
    };
    setImmediate(() => void work().catch((error: unknown) => log.error({ err: error, purpose }, 'sending an account mail failed')));
  };
  return {
    sendSignUp: signUpByMail(db, config, mailer, log),
    sendPasswordReset(account) {
      if (account) later(account, 'reset_password', (link) => passwordResetMail(account.email, link, LINK_TTL_MS.reset_password));
    },
    sendVerification(account) {
      later(account, 'verify_email', (link) => verifyEmailMail(account.email, link, LINK_TTL_MS.verify_email));
    },
  };
}
