import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { Database, LocalAccount } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { passwordResetMail, verifyEmailMail } from '../mail/messages';
import { issueLink, LINK_TTL_MS } from './oneTimeLinks';

export interface AccountMailer {
  /** Mails a reset link to the account, when there is one with this address (nothing says whether there was). */
  sendPasswordReset(account: LocalAccount | undefined): void;
  /** Mails a link that confirms the account's address (REQUIRE_EMAIL_VERIFICATION). */
  sendVerification(account: LocalAccount): void;
}

/**
 * The provider's mails, sent after the answer has gone: the page a person sees, and how long it
 * takes, are the same whether or not an account has the address, and a slow mail server holds no
 * request. A failure is logged for the operator; the person can ask again.
 */
export function accountMailer(db: Kysely<Database>, config: Config, mailer: Mailer, log: FastifyBaseLogger): AccountMailer {
  const later = (what: string, work: () => Promise<void>) => {
    setImmediate(() => void work().catch((error: unknown) => log.error({ err: error }, `sending the ${what} mail failed`)));
  };
  return {
    sendPasswordReset(account) {
      if (!account) return;
      later('password reset', async () => {
        const link = await issueLink(db, config, account.id, 'reset_password');
        await mailer.send(passwordResetMail(account.email, link, LINK_TTL_MS.reset_password));
      });
    },
    sendVerification(account) {
      later('address verification', async () => {
        const link = await issueLink(db, config, account.id, 'verify_email');
        await mailer.send(verifyEmailMail(account.email, link, LINK_TTL_MS.verify_email));
      });
    },
  };
}
