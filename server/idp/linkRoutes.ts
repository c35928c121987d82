import { randomUUID } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { consumeAccountToken, findLiveAccountToken, type AccountTokenPurpose } from '../db/repositories/accountTokens';
import { findLocalAccountByEmail, findLocalAccountById, insertLocalAccount, updateLocalAccount } from '../db/repositories/localAccounts';
import { consumeSignUpRequest } from '../db/repositories/signUpRequests';
import type { Database } from '../db/schema';
import { addressKey } from '../plugins/rateLimits';
import { newPasswordHash, normalizeEmail, storeNewPassword } from './accounts';
import type { AccountMailer } from './accountMail';
import { LINK_PATHS, LINK_TOKEN, tokenHash } from './oneTimeLinks';
import { forgotPasswordPage, messagePage, newPasswordPage } from './pages';
import { FINISH_SIGN_UP_PATH, signUpMessages } from './signUpByMail';

export interface LinkRouteOptions {
  db: Kysely<Database>;
  mountPath: string;
  publicUrl: string;
  /** Undefined without SMTP_URL: the forgot-password page then says that the operator resets passwords. */
  mail: AccountMailer | undefined;
}

type TokenRoute = { Params: { token: string }; Body: Record<string, unknown> | undefined };
type ForgotRoute = { Querystring: { back?: string }; Body: Record<string, unknown> | undefined };

export const linkMessages = {
  sent: 'If an account uses that address, a link to choose a new password is on its way. It works once, for 30 minutes. Check your spam folder too.',
  expired: 'This link has expired or was used already. Ask for a new one on the sign-in page ("Forgot password?").',
  changed: 'Your password has been changed, and every device that was signed in is signed out. Sign in with the new password.',
  verified: 'Your e-mail address is confirmed. Sign in to start.',
  verifyExpired: 'This confirmation link has expired or was used already. Sign in: a new link is sent to your address.',
} as const;

const bodyField = (body: Record<string, unknown> | undefined, name: string) => {
  const value = body?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * The pages a one-time link opens (a password reset, an address confirmation) and the "Forgot
 * password?" form. They live outside any sign-in interaction: a mailed link is often opened in
 * another browser than the one that asked for it.
 */
export async function linkRoutes(app: FastifyInstance, { db, mountPath, publicUrl, mail }: LinkRouteOptions) {
  await app.register(formbody, { bodyLimit: 16 * 1024 });
  const home = { href: `${publicUrl}/`, text: 'Back to cardchat' };
  const html = (reply: FastifyReply, status: number, body: string) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(body);
  const forgotPath = `${mountPath}/forgot-password`;
  // Only our own sign-in pages are a way back; anything else a link carried goes to the app.
  const backOf = (request: FastifyRequest<ForgotRoute>) => {
    const back = request.query.back;
    return typeof back === 'string' && back.startsWith(`${mountPath}/interaction/`) && !back.includes('//') ? back : `${publicUrl}/`;
  };
  const forgotAction = (back: string) => `${forgotPath}?back=${encodeURIComponent(back)}`;
  const limit = app.requestLimit({
    name: 'password-reset',
    max: app.rateLimits.signInPerMinute,
    key: addressKey,
    what: 'password reset requests',
  });

  app.get<ForgotRoute>(forgotPath, async (request, reply) => {
    const back = backOf(request);
    return html(reply, 200, forgotPasswordPage({ action: forgotAction(back), back, email: '', mail: mail !== undefined, problems: [] }));
  });

  app.post<ForgotRoute>(forgotPath, { onRequest: limit }, async (request, reply) => {
    const back = backOf(request);
    const email = bodyField(request.body, 'email');
    if (!mail) return html(reply, 400, forgotPasswordPage({ action: forgotAction(back), back, email, mail: false, problems: [] }));
    mail.sendPasswordReset(await findLocalAccountByEmail(db, normalizeEmail(email)));
    return html(
      reply,
      200,
      messagePage({ title: 'Check your inbox', message: linkMessages.sent, link: { href: back, text: 'Back to sign in' } }),
    );
  });

  /** The account a live link opens, or undefined after answering with the "expired" page. */
  async function liveAccount(request: FastifyRequest<TokenRoute>, reply: FastifyReply, purpose: AccountTokenPurpose) {
    const token = request.params.token;
    const accountId = LINK_TOKEN.test(token)
      ? await findLiveAccountToken(db, { tokenHash: tokenHash(token), purpose, now: new Date().toISOString() })
      : undefined;
    const account = accountId ? await findLocalAccountById(db, accountId) : undefined;
    if (!account) await html(reply, 410, messagePage({ title: 'Link expired', message: linkMessages.expired, link: home }));
    return account;
  }

  const resetPath = `${mountPath}/${LINK_PATHS.reset_password}/:token`;
  const resetAction = (token: string) => `${mountPath}/${LINK_PATHS.reset_password}/${token}`;

  app.get<TokenRoute>(resetPath, async (request, reply) => {
    const account = await liveAccount(request, reply, 'reset_password');
    if (!account) return reply;
    return html(reply, 200, newPasswordPage({ action: resetAction(request.params.token), email: account.email, problems: [] }));
  });

  app.post<TokenRoute>(resetPath, { onRequest: limit }, async (request, reply) => {
    const account = await liveAccount(request, reply, 'reset_password');
    if (!account) return reply;
    const result = await newPasswordHash(account, bodyField(request.body, 'password'));
    if ('problem' in result) {
      return html(
        reply,
        400,
        newPasswordPage({ action: resetAction(request.params.token), email: account.email, problems: [result.problem] }),
      );
    }
    // The link is used up in the transaction that stores the password: of two tabs, one wins.
    const changed = await db.transaction().execute(async (trx) => {
      const owner = await consumeAccountToken(trx, {
        tokenHash: tokenHash(request.params.token),
        purpose: 'reset_password',
        now: new Date().toISOString(),
      });
      if (owner !== account.id) return false;
      await storeNewPassword(trx, account.id, result.hash);
      // Opening a mailed link proves the address as well as a verification link would.
      if (account.email_verified_at === null) await updateLocalAccount(trx, account.id, { email_verified_at: new Date().toISOString() });
      return true;
    });
    if (!changed) return html(reply, 410, messagePage({ title: 'Link expired', message: linkMessages.expired, link: home }));
    return html(
      reply,
      200,
      messagePage({ title: 'Password changed', message: linkMessages.changed, link: { href: `${publicUrl}/login`, text: 'Sign in' } }),
    );
  });

  // A sign-up's mailed link (signUpByMail.ts): the account is made now, its address proven by the link.
  app.get<TokenRoute>(`${mountPath}/${FINISH_SIGN_UP_PATH}/:token`, async (request, reply) => {
    const token = request.params.token;
    const now = new Date().toISOString();
    const pending = LINK_TOKEN.test(token) ? await consumeSignUpRequest(db, tokenHash(token), now) : undefined;
    if (!pending?.password_hash)
      return html(reply, 410, messagePage({ title: 'Link expired', message: signUpMessages.expired, link: home }));
    const created = await insertLocalAccount(db, {
      id: randomUUID(),
      email: pending.email,
      name: pending.name,
      password_hash: pending.password_hash,
      created_at: now,
      email_verified_at: now,
    });
    const signIn = { href: `${publicUrl}/login`, text: 'Sign in' };
    if (!created) return html(reply, 409, messagePage({ title: 'Account exists', message: signUpMessages.taken, link: signIn }));
    return html(reply, 200, messagePage({ title: 'Account ready', message: signUpMessages.ready, link: signIn }));
  });

  app.get<TokenRoute>(`${mountPath}/${LINK_PATHS.verify_email}/:token`, async (request, reply) => {
    const token = request.params.token;
    const accountId = LINK_TOKEN.test(token)
      ? await consumeAccountToken(db, { tokenHash: tokenHash(token), purpose: 'verify_email', now: new Date().toISOString() })
      : undefined;
    if (!accountId) return html(reply, 410, messagePage({ title: 'Link expired', message: linkMessages.verifyExpired, link: home }));
    await updateLocalAccount(db, accountId, { email_verified_at: new Date().toISOString() });
    return html(
      reply,
      200,
      messagePage({ title: 'Address confirmed', message: linkMessages.verified, link: { href: `${publicUrl}/login`, text: 'Sign in' } }),
    );
  });
}
